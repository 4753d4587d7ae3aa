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

/** A reply judged in a context: its own (human) or another conversation's (a change of subject). */
export interface RelevanceSample {
  fold: number;
  human: boolean;
  /** The verdict a rule gave; null when the model decides. */
  settled: 'yes' | 'no' | null;
  features: RelevanceFeatures | null;
}

function sample(fold: number, human: boolean, userMessage: string, reply: string): RelevanceSample {
  const outcome = relevanceByRules({ window: [{ role: 'user', content: userMessage }, { role: 'assistant', content: reply }], userMessage, assistantMessage: reply });
  return 'settled' in outcome
    ? { fold, human, settled: outcome.settled.verdict, features: null }
    : { fold, human, settled: null, features: outcome.features };
}

/** The first sentence of a conversation's knowledge: a plain statement about its document. */
const firstSentence = (c: GroundedChat): string => (c.turns[1].retrievalContext?.[0] ?? '').split(/(?<=[.!?])\s+/)[0]?.slice(0, 300) ?? '';

/**
 * Each human reply in its own exchange, and a statement about another conversation's document
 * (the first sentence of the knowledge of a conversation half the set away) in the same
 * exchange: the change of subject the judge should flag. Both take the fold of the exchange.
 */
export function relevanceSamples(chats: readonly GroundedChat[]): RelevanceSample[] {
  const half = Math.floor(chats.length / 2);
  return chats.flatMap((c, i) => {
    const fold = foldOfChat(c);
    const other = chats[(i + half) % chats.length];
    const user = c.turns[0].content;
    const own = sample(fold, true, user, c.turns[1].content);
    const changed = firstSentence(other);
    return other.group === c.group || !changed.trim() ? [own] : [own, sample(fold, false, user, changed)];
  });
}

/** The share of the human replies it is fitted on that the cut-off may fail: under the 10% the judge is held to, the rest is margin for unseen sets. */
export const HUMAN_FAIL_TARGET = 0.09;

/**
 * Logistic weights on the replies no rule settled (human = relevant), classes weighted alike,
 * ties to the conversation kept non-negative, then the highest cut-off that fails at most HUMAN_FAIL_TARGET of all human replies.
 */
export function fitRelevanceModel(samples: readonly RelevanceSample[], { l2 = 0.01, iterations = 800 } = {}): RelevanceModel {
  const open = samples.filter((s): s is RelevanceSample & { features: RelevanceFeatures } => s.features !== null);
  const stats = RELEVANCE_FEATURES.map((name) => {
    const values = open.map((s) => s.features[name]);
    const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
    const sd = Math.sqrt(values.reduce((a, v) => a + (v - mean) ** 2, 0) / Math.max(1, values.length));
    return { name, mean, scale: sd > 1e-9 ? sd : 1 };
  });
  const humans = open.filter((s) => s.human).length;
  const rows = open.map((s) => ({
    y: s.human ? 1 : 0,
    w: s.human ? 0.5 / Math.max(1, humans) : 0.5 / Math.max(1, open.length - humans),
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
  const model: RelevanceModel = { features: stats.map((f, j) => ({ ...f, weight: w[j] })), bias: w[k - 1], cutoff: 1 };
  const allHumans = samples.filter((s) => s.human);
  const settledFails = allHumans.filter((s) => s.settled === 'no').length;
  const budget = Math.floor(HUMAN_FAIL_TARGET * allHumans.length) - settledFails;
  const humanP = open.filter((s) => s.human).map((s) => relevanceProbability(model, s.features)).sort((a, b) => a - b);
  // Failing the `budget` least likely human replies: the cut-off sits just above the last of them.
  model.cutoff = budget <= 0 ? (humanP[0] ?? 1) : budget >= humanP.length ? 1 : humanP[budget];
  return model;
}

/** Out-of-fold verdicts of the relevance model: human replies failed and changes of subject flagged, fitted on the other folds. */
export function crossValidateRelevance(samples: readonly RelevanceSample[]): { humans: number; humanFails: number; others: number; othersFlagged: number; models: RelevanceModel[] } {
  const out = { humans: 0, humanFails: 0, others: 0, othersFlagged: 0, models: [] as RelevanceModel[] };
  for (let k = 0; k < FOLDS; k++) {
    const model = fitRelevanceModel(samples.filter((s) => s.fold !== k));
    out.models.push(model);
    for (const s of samples.filter((x) => x.fold === k)) {
      const no = s.settled === 'no' || (s.settled === null && relevanceProbability(model, s.features!) < model.cutoff);
      if (s.human) {
        out.humans += 1;
        if (no) out.humanFails += 1;
      } else {
        out.others += 1;
        if (no) out.othersFlagged += 1;
      }
    }
  }
  return out;
}
