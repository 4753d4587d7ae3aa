/*
 * How often the offline judge, with every metric's default options, fails the human assistant
 * turns of a real knowledge-grounded chat set: the share of assistant turns with a "no"
 * verdict, per metric. Human replies grounded in what they read should rarely fail.
 * Without --file the set is the human (gold) replies of the FaithDial audit in ../shared/data,
 * and the figures are cross-validated: for each of 5 folds the relevance model (weights and
 * cut-off) is fitted on the other four and judges that fold (the reported set is every fold, each
 * judged unseen). On that set it also prints the two rates the relevance model is chosen by, on
 * held-out folds: human replies failed, and off-topic replies caught (another conversation's
 * human reply, or a sentence of its document, put after this conversation's history).
 * With --file (deepeval-style JSONL { id, turns: [{ role, content, retrieval_context? }] }, e.g.
 * made by scripts/convert-cmu-dog.ts from a train split, outside the repository) the shipped
 * models judge it; no part of such a file is fitted on. --shipped judges the development set with
 * the shipped models instead (fitted on all of it: not a held-out figure).
 * Usage: npm run bench:offline-grounded [-- --data DIR] [-- --shipped] [-- --file PATH [--limit N]]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import path from 'node:path';
import { createOfflineJudge } from '../lib/judge/offline';
import { FOLDS } from '../lib/judge/offline/bench/cross-validate';
import { contradict, namesOf, type ContradictionKind } from '../lib/judge/offline/bench/contradictions';
import { crossValidateRelevance, describeCounts, fitRelevanceModel, foldOfChat, loadGroundedChats, relevanceSamples } from '../lib/judge/offline/bench/grounded';
import type { Judge } from '../lib/judge/types';
import { ConversationRelevancyMetric } from '../lib/metrics/conversation-relevancy';
import { KnowledgeRetentionMetric } from '../lib/metrics/knowledge-retention';
import { TurnFaithfulnessMetric } from '../lib/metrics/turn-faithfulness';
import type { Conversation } from '../lib/domain/conversation';
import type { MetricResult } from '../lib/domain/metric-result';
import type { Verdict } from '../lib/domain/verdict';

const { values: args } = parseArgs({
  options: { file: { type: 'string' }, limit: { type: 'string' }, shipped: { type: 'boolean', default: false }, data: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data') } },
});

/*
 * Broken replies put in place of one human reply per conversation (the middle assistant turn
 * after at least two user turns): half ask the user to repeat what was said (knowledge
 * retention should fail that turn), half change the subject (relevancy should). They were
 * written after the rules were last changed and are used by no test, so the rates are held out.
 */
const FORGETFUL = [
  "Sorry, my mind wandered. What was it you were saying?",
  "Could you repeat what you told me earlier?",
  "I'm lost, what were we discussing again?",
  "Wait, who were you talking about just now?",
  "I can't remember what you said before, can you tell me again?",
  "Remind me what the movie was?",
  "Where were we? I forgot what we were talking about.",
  "Sorry, can you say that again? I missed it.",
];
const OFF_TOPIC = [
  "My neighbour's dog barks every morning at six.",
  "I'm thinking about learning to play the violin.",
  "Our office is moving to a new building downtown in March.",
  "The bakery on my street sells excellent sourdough bread.",
  "I need to renew my passport before the summer trip.",
  "Electric scooters are everywhere in my city now.",
  "My grandmother knits sweaters for the whole family.",
  "The local library is closed for renovations.",
];
const line = z.object({
  id: z.string(),
  turns: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string(), retrieval_context: z.array(z.string()).optional() })),
});
function readFile(file: string): (Conversation & { id: string })[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, args.limit ? Number(args.limit) : undefined)
    .map((l, i) => {
      const parsed = line.safeParse(JSON.parse(l));
      if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.message}`);
      return { id: parsed.data.id, turns: parsed.data.turns.map((t) => ({ role: t.role, content: t.content, retrievalContext: t.retrieval_context })) };
    });
}

const devFile = path.join(args.data, 'faithdial-audit-dev.jsonl');
const devChats = args.file ? [] : loadGroundedChats(devFile);
const conversations: (Conversation & { id: string })[] = args.file ? readFile(args.file) : devChats;
const devSamples = args.file ? [] : relevanceSamples(devChats);
/** The judge of each conversation: the shipped models for a file, else one fitted without the conversation's fold. */
const shipped = Boolean(args.file) || args.shipped;
const judges: Judge[] = shipped ? [createOfflineJudge()] : Array.from({ length: FOLDS }, (_, k) => createOfflineJudge({ relevance: fitRelevanceModel(devSamples.filter((x) => x.fold !== k)) }));
const judgeIndex = (i: number): number => (shipped ? 0 : foldOfChat(devChats[i]));

interface WindowStep {
  exchange: number;
  claims: { claim: string; verdict: Verdict }[];
}
interface ClaimStep {
  exchange: number;
  turns: number[];
  claims: string[];
}

/**
 * Assistant turns whose own claims (the last claims of the window the exchange ends) include a
 * contradicted one: the per-turn verdict, whatever the earlier turns of the window said.
 */
function ownClaimFailures(result: MetricResult): Set<number> {
  const windows = (result.steps.windows ?? []) as WindowStep[];
  const claims = (result.steps.claims ?? []) as ClaimStep[];
  const failing = new Set<number>();
  for (const c of claims) {
    const w = windows.find((x) => x.exchange === c.exchange);
    if (!w || c.claims.length === 0) continue;
    const own = w.claims.slice(w.claims.length - c.claims.length);
    if (own.some((v) => v.verdict === 'no')) for (const t of c.turns) failing.add(t);
  }
  return failing;
}

/** The turn to break: the middle assistant turn that follows at least two user turns (the last one in a single exchange). */
function brokenTurn(c: Conversation): number | null {
  const candidates = c.turns.flatMap((t, i) => (t.role === 'assistant' && c.turns.slice(0, i).filter((u) => u.role === 'user').length >= 2 ? [i] : []));
  if (candidates.length > 0) return candidates[Math.floor(candidates.length / 2)];
  const last = c.turns.findLastIndex((t) => t.role === 'assistant');
  return last > 0 ? last : null;
}

type Metrics = { turn_faithfulness: TurnFaithfulnessMetric; knowledge_retention: KnowledgeRetentionMetric; conversation_relevancy: ConversationRelevancyMetric };

async function perturbed(metricsOf: (i: number) => Metrics) {
  const caught = { forgetful: 0, forgetfulTotal: 0, offTopic: 0, offTopicTotal: 0 };
  for (const [i, c] of conversations.entries()) {
    const at = brokenTurn(c);
    if (at === null) continue;
    const forgetful = i % 2 === 0;
    const reply = forgetful ? FORGETFUL[(i / 2) % FORGETFUL.length] : OFF_TOPIC[((i - 1) / 2) % OFF_TOPIC.length];
    const broken = { ...c, turns: c.turns.map((t, j) => (j === at ? { ...t, content: reply } : t)) };
    const metric = forgetful ? metricsOf(i).knowledge_retention : metricsOf(i).conversation_relevancy;
    const result = await metric.measure(broken);
    const flagged = result.verdicts.some((v) => v.turn === at && v.verdict === 'no');
    if (forgetful) {
      caught.forgetfulTotal += 1;
      if (flagged) caught.forgetful += 1;
    } else {
      caught.offTopicTotal += 1;
      if (flagged) caught.offTopic += 1;
    }
  }
  return caught;
}

/**
 * Contradictions made by one edit of a human reply against its own knowledge (a number or month
 * changed, a name swapped for another conversation's, a statement negated), judged by turn
 * faithfulness with its default options, where only a contradiction makes a "no". Replies the
 * judge already fails, and those no edit applies to, are left out.
 */
async function contradictions(metricsOf: (i: number) => Metrics) {
  const byKind = new Map<ContradictionKind, { total: number; caught: number }>();
  for (const [i, c] of conversations.entries()) {
    const at = brokenTurn(c);
    const knowledge = at === null ? '' : (c.turns[at].retrievalContext ?? []).join('\n');
    if (at === null || !knowledge.trim()) continue;
    const other = conversations[(i + Math.floor(conversations.length / 2)) % conversations.length];
    const edit = contradict(c.turns[at].content, knowledge, namesOf(other.turns.flatMap((t) => t.retrievalContext ?? []).join('\n')));
    if (!edit) continue;
    const fails = async (turns: Conversation['turns']) => (await metricsOf(i).turn_faithfulness.measure({ ...c, turns })).verdicts.some((v) => v.turn === at && v.verdict === 'no');
    if (await fails(c.turns)) continue;
    const counts = byKind.get(edit.kind) ?? { total: 0, caught: 0 };
    counts.total += 1;
    if (await fails(c.turns.map((t, j) => (j === at ? { ...t, content: edit.reply } : t)))) counts.caught += 1;
    byKind.set(edit.kind, counts);
  }
  const all = [...byKind.values()].reduce((a, b) => ({ total: a.total + b.total, caught: a.caught + b.caught }), { total: 0, caught: 0 });
  return { byKind, all };
}

async function main(): Promise<void> {
  const allMetrics: Metrics[] = judges.map((judge) => ({
    turn_faithfulness: new TurnFaithfulnessMetric(judge),
    knowledge_retention: new KnowledgeRetentionMetric(judge),
    conversation_relevancy: new ConversationRelevancyMetric(judge),
  }));
  const metricsOf = (i: number): Metrics => allMetrics[judgeIndex(i)];
  const metrics = allMetrics[0];
  const started = Date.now();
  let assistantTurns = 0;
  const failing: Record<string, number> = { turn_faithfulness: 0, knowledge_retention: 0, conversation_relevancy: 0, turnFaithfulnessOwnClaims: 0 };
  const failedConversations: Record<string, number> = { turn_faithfulness: 0, knowledge_retention: 0, conversation_relevancy: 0 };
  const scores: Record<string, number[]> = { turn_faithfulness: [], knowledge_retention: [], conversation_relevancy: [] };
  let undecidedClaims = 0;
  let claims = 0;
  for (const [i, c] of conversations.entries()) {
    const assistant = new Set(c.turns.flatMap((t, i) => (t.role === 'assistant' ? [i] : [])));
    assistantTurns += assistant.size;
    for (const [name, metric] of Object.entries(metricsOf(i))) {
      const result = await metric.measure(c);
      if (name === 'turn_faithfulness') {
        const windows = (result.steps.windows ?? []) as WindowStep[];
        for (const w of windows) {
          claims += w.claims.length;
          undecidedClaims += w.claims.filter((x) => x.verdict === 'idk').length;
        }
      }
      if (result.score === null) throw new Error(`${name} failed on ${c.id}: ${result.error}`);
      scores[name].push(result.score);
      if (!result.success) failedConversations[name] += 1;
      const turns = new Set(result.verdicts.filter((v) => v.verdict === 'no' && assistant.has(v.turn)).map((v) => v.turn));
      failing[name] += turns.size;
      if (name === 'turn_faithfulness') failing.turnFaithfulnessOwnClaims += [...ownClaimFailures(result)].filter((t) => assistant.has(t)).length;
    }
  }
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const source = shipped
    ? `${path.basename(args.file ?? devFile)}${args.file ? '' : ' human replies'} (shipped models${args.file ? '' : ', fitted on this set: not held out'})`
    : `${path.basename(devFile)} human replies, reported cross-validated: each of ${FOLDS} folds judged by a relevance model fitted on the other folds`;
  console.log(`${source}: ${conversations.length} conversations, ${assistantTurns} human assistant turns, default options, ${Date.now() - started} ms`);
  for (const name of Object.keys(metrics)) {
    console.log(`  ${name.padEnd(24)} failing turns ${pct(failing[name] / assistantTurns)}  failing conversations ${pct(failedConversations[name] / conversations.length)}  mean score ${mean(scores[name]).toFixed(3)}`);
  }
  console.log(`  turn_faithfulness, turns whose own claims are contradicted: ${pct(failing.turnFaithfulnessOwnClaims / assistantTurns)}; claims the judge could not decide ("idk"): ${pct(undecidedClaims / Math.max(1, claims))}`);
  const caught = await perturbed(metricsOf);
  const cv = args.file ? null : crossValidateRelevance(devSamples);
  if (cv) console.log(`conversation_relevancy on held-out folds (weights and cut-off fitted on the other folds):\n${describeCounts(cv.counts).map((l) => `  ${l}`).join('\n')}`);
  console.log(`broken replies: knowledge retention flags ${caught.forgetful} of ${caught.forgetfulTotal} that ask to repeat what was said; relevancy flags ${caught.offTopic} of ${caught.offTopicTotal} that change the subject`);
  const contradicted = await contradictions(metricsOf);
  const kinds = [...contradicted.byKind.entries()].map(([kind, n]) => `${kind} ${n.caught} of ${n.total}`).join(', ');
  console.log(`contradicted replies (one edit against the reply's own knowledge): turn faithfulness says "no" to ${contradicted.all.caught} of ${contradicted.all.total} (${pct(contradicted.all.caught / Math.max(1, contradicted.all.total))}; ${kinds})`);
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  console.log(
    `BENCH ${JSON.stringify({
      crossValidated: shipped ? 0 : 1,
      conversations: conversations.length,
      assistantTurns,
      faithfulnessFailingTurnShare: r(failing.turn_faithfulness / assistantTurns),
      faithfulnessOwnClaimFailingTurnShare: r(failing.turnFaithfulnessOwnClaims / assistantTurns),
      faithfulnessMeanScore: r(mean(scores.turn_faithfulness)),
      retentionFailingTurnShare: r(failing.knowledge_retention / assistantTurns),
      retentionMeanScore: r(mean(scores.knowledge_retention)),
      relevancyFailingTurnShare: r(failing.conversation_relevancy / assistantTurns),
      relevancyMeanScore: r(mean(scores.conversation_relevancy)),
      faithfulnessUndecidedClaimShare: r(undecidedClaims / Math.max(1, claims)),
      ...(cv
        ? {
            heldOutHumanReplyFailedShare: r(cv.counts.human.flagged / cv.counts.human.total),
            heldOutOffTopicCaughtShare: r(cv.counts.otherReply.flagged / cv.counts.otherReply.total),
            heldOutOtherDocumentCaughtShare: r(cv.counts.otherDocument.flagged / cv.counts.otherDocument.total),
          }
        : {}),
      forgetfulReplies: caught.forgetfulTotal,
      forgetfulFlaggedShare: r(caught.forgetful / Math.max(1, caught.forgetfulTotal)),
      offTopicReplies: caught.offTopicTotal,
      offTopicFlaggedShare: r(caught.offTopic / Math.max(1, caught.offTopicTotal)),
      contradictedReplies: contradicted.all.total,
      contradictionCaughtShare: r(contradicted.all.caught / Math.max(1, contradicted.all.total)),
    })}`,
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
