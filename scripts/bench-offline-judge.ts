/*
 * Agreement of the turn_faithfulness metric, judged by the offline judge, with human labels,
 * beside a bag-of-words baseline. Each case is one user → assistant exchange (window size 1);
 * a reply is predicted faithful when its score is at least 0.5.
 * Usage: npm run bench:offline-judge [-- --data DIR] [-- --dump FILE]
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createOfflineJudge } from '../lib/judge/offline';
import { overlapShare, tunedOverlapBaseline } from '../lib/judge/offline/bench/baseline';
import { loadFaithDial, loadHaluEval, type FaithCase } from '../lib/judge/offline/bench/datasets';
import { TurnFaithfulnessMetric } from '../lib/metrics/turn-faithfulness';
import { binaryStats, type BinaryStats } from '../lib/judge/offline/bench/stats';

const THRESHOLD = 0.5;

const { values: args } = parseArgs({
  options: { data: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data') }, dump: { type: 'string' } },
});

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function line(name: string, s: BinaryStats): string {
  return `  ${name.padEnd(34)} acc ${pct(s.accuracy)}  balanced ${pct(s.balancedAccuracy)}  recall faithful ${pct(s.faithfulRecall)} unfaithful ${pct(s.unfaithfulRecall)}`;
}

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

async function benchFile(label: string, cases: FaithCase[], dump: unknown[]) {
  const judge = createOfflineJudge();
  const metric = new TurnFaithfulnessMetric(judge, { windowSize: 1, includeReason: false });
  const started = Date.now();
  const scores: number[] = [];
  for (const c of cases) {
    const score = await scoreCase(metric, c);
    scores.push(score);
    dump.push({ file: label, id: c.id, faithful: c.faithful, score, reply: c.reply });
  }
  const labels = cases.map((c) => c.faithful);
  const judged = binaryStats(labels, scores.map((s) => s >= THRESHOLD));
  const baseline = tunedOverlapBaseline(cases.map((c) => overlapShare(c.reply, c.knowledge)), labels);
  const usage = judge.usage();
  console.log(`${label}: ${cases.length} replies (${judged.faithful} faithful, ${judged.unfaithful} unfaithful), ${usage.calls} judge calls, ${Date.now() - started} ms`);
  console.log(line('offline judge (score >= 0.5)', judged));
  console.log(line(`bag-of-words >= ${baseline.cutoff.toFixed(2)} (tuned here)`, baseline.stats));
  return { judged, baseline };
}

async function main(): Promise<void> {
  const dump: unknown[] = [];
  const halu = await benchFile('HaluEval QA', loadHaluEval(path.join(args.data, 'halueval-qa-dev.jsonl')), dump);
  const faith = await benchFile('FaithDial audit', loadFaithDial(path.join(args.data, 'faithdial-audit-dev.jsonl')), dump);
  if (args.dump) writeFileSync(args.dump, dump.map((d) => JSON.stringify(d)).join('\n'));
  const figures = (prefix: string, s: BinaryStats) => ({
    [`${prefix}Accuracy`]: s.accuracy,
    [`${prefix}BalancedAccuracy`]: s.balancedAccuracy,
    [`${prefix}FaithfulRecall`]: s.faithfulRecall,
    [`${prefix}UnfaithfulRecall`]: s.unfaithfulRecall,
    [`${prefix}Faithful`]: s.faithful,
    [`${prefix}Unfaithful`]: s.unfaithful,
  });
  const round = (o: Record<string, number>) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v * 10_000) / 10_000]));
  const bench = round({
    ...figures('halueval', halu.judged),
    ...figures('haluevalBaseline', halu.baseline.stats),
    haluevalBaselineCutoff: halu.baseline.cutoff,
    ...figures('faithdial', faith.judged),
    ...figures('faithdialBaseline', faith.baseline.stats),
    faithdialBaselineCutoff: faith.baseline.cutoff,
  });
  console.log(`BENCH ${JSON.stringify(bench)}`);
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
