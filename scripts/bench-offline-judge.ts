/*
 * Agreement of the turn_faithfulness metric, judged by the offline judge, with human labels,
 * beside a bag-of-words baseline. Each case is one user → assistant exchange (window size 1),
 * scored with penalizeAmbiguousClaims: true — what the labels mean: a reply with content its
 * knowledge does not back is unfaithful. A reply is predicted faithful when its score is at
 * least 0.5. Two figures each: the whole file with the shipped weights and the tuned cut-off,
 * and cross-validated (5 folds, fixed seed): weights and cut-off fitted on four folds, scored
 * on the fifth. Then the relevance model's two rates on FaithDial's human replies, each fold
 * judged by weights and cut-off fitted on the others: human replies failed, and another
 * conversation's reply put in their place (off-topic) caught.
 * Usage: npm run bench:offline-judge [-- --data DIR] [-- --dump FILE]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOfflineJudge } from '../lib/judge/offline';
import { overlapShare, tunedOverlapBaseline } from '../lib/judge/offline/bench/baseline';
import { crossValidate, crossValidatedBaseline, foldOfReply, THRESHOLD, FOLDS, SEED } from '../lib/judge/offline/bench/cross-validate';
import { loadFaithDial, loadHaluEval, type FaithCase } from '../lib/judge/offline/bench/datasets';
import { crossValidateRelevance, describeCounts, loadGroundedChats, relevanceSamples } from '../lib/judge/offline/bench/grounded';
import { groupOf } from '../lib/judge/offline/bench/groups';
import { analyseReply, replyScore } from '../lib/judge/offline/bench/replies';
import { binaryStats, type BinaryStats } from '../lib/judge/offline/bench/stats';
import { defaultSupportModel } from '../lib/judge/offline/model/default-model';
import { TurnFaithfulnessMetric } from '../lib/metrics/turn-faithfulness';

const { values: args } = parseArgs({
  options: { data: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data') }, dump: { type: 'string' } },
});

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function line(name: string, s: BinaryStats): string {
  return `  ${name.padEnd(44)} balanced ${pct(s.balancedAccuracy)}  acc ${pct(s.accuracy)}  recall faithful ${pct(s.faithfulRecall)} unfaithful ${pct(s.unfaithfulRecall)}`;
}

const OPTIONS = { windowSize: 1, includeReason: false, penalizeAmbiguousClaims: true } as const;

/** The turn_faithfulness score of one user → assistant exchange, as the metric computes it. */
async function scoreCase(metric: TurnFaithfulnessMetric, c: FaithCase): Promise<number> {
  const result = await metric.measure({
    turns: [
      { role: 'user', content: c.user },
      { role: 'assistant', content: c.reply, retrievalContext: [c.knowledge] },
    ],
  });
  if (result.score === null) throw new Error(`turn_faithfulness failed on ${c.id}: ${result.error}`);
  return result.score;
}

type SetName = 'halueval' | 'faithdial';

async function main(): Promise<void> {
  const sets: [SetName, string, FaithCase[]][] = [
    ['halueval', 'HaluEval QA', loadHaluEval(path.join(args.data, 'halueval-qa-dev.jsonl'))],
    ['faithdial', 'FaithDial audit', loadFaithDial(path.join(args.data, 'faithdial-audit-dev.jsonl'))],
  ];
  console.log(`turn_faithfulness with ${JSON.stringify(OPTIONS)}; faithful when score >= ${THRESHOLD}; cross-validation: ${FOLDS} folds, seed ${SEED}`);
  const dump: unknown[] = [];
  const bench: Record<string, number> = {};
  const replies = sets.flatMap(([set, , cases]) => cases.map((c) => analyseReply(set, c, groupOf(set, c), defaultSupportModel)));
  const cv = crossValidate(replies, { features: defaultSupportModel.features.map((f) => f.name), rules: { ...defaultSupportModel.rules } as never });
  for (const [set, label, cases] of sets) {
    const judge = createOfflineJudge();
    const metric = new TurnFaithfulnessMetric(judge, OPTIONS);
    const started = Date.now();
    const scores: number[] = [];
    for (const c of cases) {
      const score = await scoreCase(metric, c);
      scores.push(score);
      dump.push({ file: label, id: c.id, faithful: c.faithful, score, reply: c.reply });
    }
    const own = replies.filter((r) => r.set === set);
    // The cross-validation reads the same verdicts the metric computes; a mismatch is a bug.
    const mismatch = own.findIndex((r, i) => Math.abs(replyScore(r, defaultSupportModel) - scores[i]) > 1e-9);
    if (mismatch >= 0) throw new Error(`${label} ${own[mismatch].id}: metric score ${scores[mismatch]} differs from the analysed reply's ${replyScore(own[mismatch], defaultSupportModel)}`);
    const labels = cases.map((c) => c.faithful);
    const judged = binaryStats(labels, scores.map((s) => s >= THRESHOLD));
    const baseline = tunedOverlapBaseline(cases.map((c) => overlapShare(c.reply, c.knowledge)), labels);
    const baselineCv = crossValidatedBaseline(cases, own.map(foldOfReply));
    const judgedCv = cv.get(set)!;
    console.log(`${label}: ${cases.length} replies (${judged.faithful} faithful, ${judged.unfaithful} unfaithful), ${judge.usage().calls} judge calls, ${Date.now() - started} ms`);
    console.log(line('offline judge, cross-validated', judgedCv));
    console.log(line('offline judge, whole file (shipped weights)', judged));
    console.log(line('bag-of-words, cross-validated cut-off', baselineCv));
    console.log(line(`bag-of-words >= ${baseline.cutoff.toFixed(2)}, tuned on the whole file`, baseline.stats));
    Object.assign(bench, {
      [`${set}BalancedAccuracyCv`]: judgedCv.balancedAccuracy,
      [`${set}BalancedAccuracy`]: judged.balancedAccuracy,
      [`${set}Accuracy`]: judged.accuracy,
      [`${set}FaithfulRecall`]: judged.faithfulRecall,
      [`${set}UnfaithfulRecall`]: judged.unfaithfulRecall,
      [`${set}BaselineBalancedAccuracyCv`]: baselineCv.balancedAccuracy,
      [`${set}BaselineBalancedAccuracy`]: baseline.stats.balancedAccuracy,
      [`${set}BaselineCutoff`]: baseline.cutoff,
      [`${set}Replies`]: cases.length,
    });
  }
  // The relevance model's two rates on held-out folds, as bench:offline-grounded prints them.
  const { counts } = crossValidateRelevance(relevanceSamples(loadGroundedChats(path.join(args.data, 'faithdial-audit-dev.jsonl'))));
  console.log(`conversation_relevancy on FaithDial's human replies, held-out folds:\n${describeCounts(counts).map((l) => `  ${l}`).join('\n')}`);
  Object.assign(bench, {
    relevancyHeldOutHumanReplyFailedShare: counts.human.flagged / counts.human.total,
    relevancyHeldOutOffTopicCaughtShare: counts.otherReply.flagged / counts.otherReply.total,
  });
  if (args.dump) writeFileSync(args.dump, dump.map((d) => JSON.stringify(d)).join('\n'));
  const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 10_000) / 10_000]));
  console.log(`BENCH ${JSON.stringify({ penalizeAmbiguousClaims: 1, folds: FOLDS, ...round(bench) })}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
