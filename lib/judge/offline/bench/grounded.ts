import type { Conversation } from '../../../domain';
import { foldOf } from '../model/fit';
import { sigmoid } from '../model/logistic';
import { RELEVANCE_FEATURES, TIES, relevanceProbability, type RelevanceFeatures, type RelevanceModel } from '../model/relevance-model';
import { relevanceByRules } from '../steps/relevance';
import { FOLDS, SEED } from './cross-validate';
import { loadFaithDial } from './datasets';
import { groupOf } from './groups';

/** One exchange of people chatting about a document: the human reply, its question or remark, its knowledge. */
export interface GroundedChat extends Conversation {
  id: string;
  /** Exchanges about one knowledge and remark share a group, and so a fold. */
  group: string;
}

/**
 * The human (gold) replies of the FaithDial audit, each a user → assistant exchange whose
 * assistant turn carries its knowledge as retrieval context. Model replies are left out: the
 * question is how often the judge fails what people actually say.
 */
export function loadGroundedChats(file: string): GroundedChat[] {
  const ids = new Set(
    loadFaithDial(file)
      .map((c) => c.id)
      .filter((id) => id.startsWith('gold')),
  );
  return loadFaithDial(file)
    .filter((c) => ids.has(c.id) && c.user.trim())
    .map((c) => ({
      id: c.id,
      group: groupOf('faithdial', c),
      turns: [
        { role: 'user', content: c.user },
        { role: 'assistant', content: c.reply, retrievalContext: [c.knowledge] },
      ],
    }));
}

export const foldOfChat = (c: GroundedChat): number => foldOf(`faithdial:${c.group}`, FOLDS, SEED);

/**
 * A reply judged in a context: its own (human), another conversation's human reply (off-topic
 * by construction, in the same chatty style as the human ones) or the first sentence of another
 * conversation's document (a plain statement about something else).
 */
export type SampleKind = 'human' | 'otherReply' | 'otherDocument';
export const NEGATIVE_KINDS: readonly Exclude<SampleKind, 'human'>[] = ['otherReply', 'otherDocument'];

export interface RelevanceSample {
  fold: number;
  kind: SampleKind;
  /** The reply judged (its own, or the change of subject put in its place). */
  reply?: string;
  /** The verdict a rule gave; null when the model decides. */
  settled: 'yes' | 'no' | null;
  features: RelevanceFeatures | null;
}
type OpenSample = RelevanceSample & { features: RelevanceFeatures };
const isOpen = (s: RelevanceSample): s is OpenSample => s.features !== null;

function sample(fold: number, kind: SampleKind, userMessage: string, reply: string): RelevanceSample {
  const outcome = relevanceByRules({ window: [{ role: 'user', content: userMessage }, { role: 'assistant', content: reply }], userMessage, assistantMessage: reply });
  return 'settled' in outcome
    ? { fold, kind, reply, settled: outcome.settled.verdict, features: null }
    : { fold, kind, reply, settled: null, features: outcome.features };
}

/** The first sentence of a conversation's knowledge: a plain statement about its document. */
const firstSentence = (c: GroundedChat): string => (c.turns[1].retrievalContext?.[0] ?? '').split(/(?<=[.!?])\s+/)[0]?.slice(0, 300) ?? '';

/**
 * Each human reply in its own exchange, and in the same exchange two changes of subject taken
 * from the conversation half-way round its fold: that conversation's human reply and the first
 * sentence of its document. Pairs are made within a fold, so no reply, document or history is
 * in one fold's training data and another fold's held-out data.
 */
export function relevanceSamples(chats: readonly GroundedChat[]): RelevanceSample[] {
  const folds = Array.from({ length: FOLDS }, (_, k) => chats.filter((c) => foldOfChat(c) === k));
  return folds.flatMap((fold, k) =>
    fold.flatMap((c, i) => {
      const other = fold[(i + Math.floor(fold.length / 2)) % fold.length];
      const user = c.turns[0].content;
      const own = sample(k, 'human', user, c.turns[1].content);
      if (other.group === c.group) return [own];
      const changed = [sample(k, 'otherReply', user, other.turns[1].content)];
      if (firstSentence(other).trim()) changed.push(sample(k, 'otherDocument', user, firstSentence(other)));
      return [own, ...changed];
    }),
  );
}

/**
 * The most human replies (rules' verdicts included) the operating point may fail on folds the
 * weights were not fitted on. FaithDial judges each reply after one utterance, the least
 * context a reply ever has: a human reply that goes on to something its document says often
 * shares nothing with it. Below this share, replies that share nothing at all with the user
 * but chat back ("My favourite colour is green, what's yours?") pass for relevant.
 */
export const HUMAN_FAIL_TARGET = 0.15;

/** Weight of each kind in the loss: human replies against the two kinds of change of subject, alike. */
export const NEGATIVE_SHARE: Record<SampleKind, number> = { human: 0.5, otherReply: 0.25, otherDocument: 0.25 };

/**
 * Logistic weights on the replies no rule settled (human = relevant), ties to the conversation
 * kept non-negative. Another conversation's reply chats back as much as a human one does, so
 * reacting or asking back earns a reply little unless it also ties to what was said.
 */
export function fitRelevanceWeights(samples: readonly RelevanceSample[], { l2 = 0.01, iterations = 800 } = {}): Omit<RelevanceModel, 'cutoff'> {
  const open = samples.filter(isOpen);
  const stats = RELEVANCE_FEATURES.map((name) => {
    const values = open.map((s) => s.features[name]);
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, values.length));
    return { name, mean, scale: sd > 1e-9 ? sd : 1 };
  });
  const share = NEGATIVE_SHARE;
  const count = (kind: SampleKind) => Math.max(1, open.filter((s) => s.kind === kind).length);
  const counts: Record<SampleKind, number> = { human: count('human'), otherReply: count('otherReply'), otherDocument: count('otherDocument') };
  const rows = open.map((s) => ({
    y: s.kind === 'human' ? 1 : 0,
    w: share[s.kind] / counts[s.kind],
    x: stats.map((f) => (s.features[f.name] - f.mean) / f.scale),
  }));
  const k = stats.length + 1;
  const w = new Array<number>(k).fill(0);
  const m = new Array<number>(k).fill(0);
  const v = new Array<number>(k).fill(0);
  for (let it = 1; it <= iterations; it++) {
    const grad = new Array<number>(k).fill(0);
    for (const r of rows) {
      const p = sigmoid(w[k - 1] + r.x.reduce((a, xi, j) => a + w[j] * xi, 0));
      const d = (p - r.y) * r.w;
      r.x.forEach((xi, j) => (grad[j] += d * xi));
      grad[k - 1] += d;
    }
    for (let j = 0; j < k; j++) {
      const g = grad[j] + (j < k - 1 ? l2 * w[j] : 0);
      m[j] = 0.9 * m[j] + 0.1 * g;
      v[j] = 0.999 * v[j] + 0.001 * g * g;
      w[j] -= (0.05 * (m[j] / (1 - 0.9 ** it))) / (Math.sqrt(v[j] / (1 - 0.999 ** it)) + 1e-8);
      // Another tie to the conversation never counts against a reply, whatever the sample's quirks.
      if (j < k - 1 && TIES.has(stats[j].name)) w[j] = Math.max(0, w[j]);
    }
  }
  return { features: stats.map((f, j) => ({ ...f, weight: w[j] })), bias: w[k - 1] };
}

/** A sample's probability under weights (null: a rule settled it), from a model that did not see its fold. */
interface Scored {
  kind: SampleKind;
  settled: 'yes' | 'no' | null;
  p: number | null;
}

/** Each sample scored by weights fitted on the other folds of the set (folds the weights were not fitted on). */
function outOfFold(samples: readonly RelevanceSample[]): Scored[] {
  const folds = [...new Set(samples.map((s) => s.fold))].sort((a, b) => a - b);
  return folds.flatMap((k) => {
    const weights = fitRelevanceWeights(samples.filter((s) => s.fold !== k));
    const model: RelevanceModel = { ...weights, cutoff: 0 };
    return samples.filter((s) => s.fold === k).map((s) => ({ kind: s.kind, settled: s.settled, p: s.features ? relevanceProbability(model, s.features) : null }));
  });
}

const failsAt = (s: Scored, cutoff: number): boolean => s.settled === 'no' || (s.settled === null && s.p! < cutoff);

/**
 * The operating point: the cut-off that flags the most changes of subject (both kinds alike)
 * while failing at most HUMAN_FAIL_TARGET of the human replies, read off probabilities that
 * weights fitted on the other folds gave (never those the weights were fitted on, which flatter
 * the fit).
 */
export function chooseCutoff(samples: readonly RelevanceSample[]): number {
  const scored = outOfFold(samples);
  const humans = scored.filter((s) => s.kind === 'human');
  const budget = Math.floor(HUMAN_FAIL_TARGET * humans.length) - humans.filter((s) => s.settled === 'no').length;
  const humanP = humans.flatMap((s) => (s.p === null ? [] : [s.p])).sort((a, b) => a - b);
  // Failing the `budget` least likely human replies: the cut-off sits at the next one.
  return budget <= 0 ? (humanP[0] ?? 0) : budget >= humanP.length ? 1 : humanP[budget];
}

/** Weights fitted on every sample given, with the operating point chosen on its own inner folds. */
export function fitRelevanceModel(samples: readonly RelevanceSample[], options: { l2?: number; iterations?: number } = {}): RelevanceModel {
  return { ...fitRelevanceWeights(samples, options), cutoff: chooseCutoff(samples) };
}

/** How many samples of a kind were judged and how many of them were judged irrelevant ("no"). */
export type KindCounts = Record<SampleKind, { total: number; flagged: number }>;

/**
 * Out-of-fold verdicts: each fold judged by a model (weights and operating point) fitted on the
 * other folds only, the operating point itself chosen on their inner folds. `flagged` of the
 * human kind is the human replies failed; of the others, the changes of subject caught.
 */
export function crossValidateRelevance(samples: readonly RelevanceSample[]): { counts: KindCounts; models: RelevanceModel[] } {
  const counts: KindCounts = { human: { total: 0, flagged: 0 }, otherReply: { total: 0, flagged: 0 }, otherDocument: { total: 0, flagged: 0 } };
  const models: RelevanceModel[] = [];
  for (let k = 0; k < FOLDS; k++) {
    const model = fitRelevanceModel(samples.filter((s) => s.fold !== k));
    models.push(model);
    for (const s of samples.filter((x) => x.fold === k)) {
      counts[s.kind].total += 1;
      if (failsAt({ kind: s.kind, settled: s.settled, p: s.features ? relevanceProbability(model, s.features) : null }, model.cutoff)) counts[s.kind].flagged += 1;
    }
  }
  return { counts, models };
}

const pct = (n: number, of: number): string => `${((100 * n) / Math.max(1, of)).toFixed(1)}%`;

/** The held-out figures in one line each: human replies failed, and each kind of change of subject caught. */
export function describeCounts(c: KindCounts): string[] {
  return [
    `human replies failed: ${c.human.flagged} of ${c.human.total} (${pct(c.human.flagged, c.human.total)})`,
    `off-topic caught, another conversation's reply: ${c.otherReply.flagged} of ${c.otherReply.total} (${pct(c.otherReply.flagged, c.otherReply.total)})`,
    `off-topic caught, a sentence of another conversation's document: ${c.otherDocument.flagged} of ${c.otherDocument.total} (${pct(c.otherDocument.flagged, c.otherDocument.total)})`,
  ];
}
