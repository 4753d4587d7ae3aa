/*
 * Throughput and call counts of every metric against a local OpenAI-compatible judge with a
 * set latency, on a synthetic RAG support dataset, beside the reference implementation's call
 * counts; and the conversation text turn_faithfulness sends compared with per-window
 * extraction. Usage: npm run bench:judge [-- --quick] [-- --help]
 */
import { loadavg } from 'node:os';
import { METRIC_NAMES } from '../lib/metrics/registry';
import { readArgs } from './bench/args';
import { buildDataset } from './bench/dataset';
import { perWindowText, type TextFigures } from './bench/faithfulness-text';
import { metricFigures, metricLines, round, verdict, wallRatio } from './bench/report';
import { runBenchMetric, type MetricRun } from './bench/run-metric';
import { startServerProcess, type ServerProcess } from './bench/server-client';

const FAITHFULNESS_WINDOW = 10; // turn_faithfulness's default window_size, which the runs use
const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;

async function main(server: ServerProcess): Promise<void> {
  const args = readArgs(process.argv.slice(2));
  const started = performance.now();
  const { conversations, stats } = buildDataset({ conversations: args.conversations, exchanges: args.exchanges, seed: args.seed });
  const n = conversations.length;
  console.log(
    `Dataset: ${n} conversations x ${args.exchanges} exchanges (seed ${args.seed}), ${stats.turns} turns, topics banking, travel, product support, car insurance, mobile plans.`,
  );
  console.log(
    `  Retrieval: ${stats.documentSlots} documents on assistant turns (2-3 each); ${pct(stats.repeatedSlots / stats.documentSlots)} of them repeat a document an earlier turn of the same conversation retrieved, as RAG over one knowledge base does.`,
  );
  const r = stats.replies;
  console.log(
    `  Replies: ${r.faithful} follow their documents, ${r.contradiction} contradict them, ${r.reask} re-ask for something the user gave, ${r.offTopic} answer another question; users state ${stats.userFacts} facts.`,
  );
  console.log(
    `Judge: local OpenAI-compatible server in its own process, ${args.latencyMs} ms latency, answering like the offline judge; concurrency ${args.concurrency}, ${args.itemConcurrency} conversations at once, a fresh judge per metric, no cache, default options with includeReason.`,
  );

  const prepared = await server.prepare({ conversations, metrics: args.metrics, workers: args.workers, liveAnswers: args.liveAnswers });
  if (args.liveAnswers) console.log('Answers: computed by the server process when asked (--live-answers).');
  else
    console.log(
      `Answers: ${prepared.answers} computed ahead by the offline judge's logic in ${(prepared.ms / 1000).toFixed(1)} s on ${args.workers} worker threads (not timed), so the server only adds its latency.`,
    );
  console.log(`Load average before the runs: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (other processes share this machine's cores).`);
  console.log('');

  const runs: MetricRun[] = [];
  let perWindow: TextFigures | null = null;
  for (const metric of args.metrics) {
    const { run, results } = await runBenchMetric(metric, { conversations, server, latencyMs: args.latencyMs, concurrency: args.concurrency, itemConcurrency: args.itemConcurrency });
    if (metric === 'turn_faithfulness') perWindow = perWindowText(conversations, results, FAITHFULNESS_WINDOW);
    runs.push(run);
    for (const line of metricLines(run, n, args.concurrency)) console.log(line);
  }
  const misses = runs.reduce((n, run) => n + run.server.tableMisses, 0);
  if (!args.liveAnswers) console.log(`Server answers from the table: ${runs.reduce((n, run) => n + run.server.tableHits, 0)}, computed on a miss: ${misses}.`);

  const bench: Record<string, number> = {
    conversations: n,
    exchanges: args.exchanges,
    latencyMs: args.latencyMs,
    concurrency: args.concurrency,
    itemConcurrency: args.itemConcurrency,
    documentSlots: stats.documentSlots,
    repeatedDocumentShare: round(stats.repeatedSlots / stats.documentSlots, 3),
    warmupMs: Math.round(prepared.ms),
    tableMisses: misses,
    ...Object.assign({}, ...runs.map((run) => metricFigures(run, n, args.concurrency))),
  };

  const targets: [key: string, label: string, pass: boolean][] = [];
  const faithfulness = runs.find((run) => run.metric === 'turn_faithfulness');
  if (faithfulness && perWindow) {
    const ours = faithfulness.server.text;
    const reference = perWindow;
    const ratio = ours.total / reference.total;
    console.log('');
    console.log(`turn_faithfulness text sent to the judge at window ${FAITHFULNESS_WINDOW} (characters of the JSON input's strings; rules and reason step aside):`);
    console.log(`  ours       ${ours.total.toLocaleString('en-US').padStart(11)}  (truths ${ours.truths.toLocaleString('en-US')}, claims ${ours.claims.toLocaleString('en-US')}, verdicts ${ours.verdicts.toLocaleString('en-US')})`);
    console.log(`  per window ${reference.total.toLocaleString('en-US').padStart(11)}  (truths ${reference.truths.toLocaleString('en-US')}, claims ${reference.claims.toLocaleString('en-US')}, verdicts ${reference.verdicts.toLocaleString('en-US')})`);
    console.log(`  ratio      ${ratio.toFixed(3)}`);
    Object.assign(bench, {
      turn_faithfulness_textChars: ours.total,
      turn_faithfulness_referenceTextChars: reference.total,
      turn_faithfulness_textRatio: round(ratio, 3),
      turn_faithfulness_truthsTextChars: ours.truths,
      turn_faithfulness_claimsTextChars: ours.claims,
      turn_faithfulness_verdictsTextChars: ours.verdicts,
      turn_faithfulness_referenceTruthsTextChars: reference.truths,
      turn_faithfulness_referenceClaimsTextChars: reference.claims,
      turn_faithfulness_referenceVerdictsTextChars: reference.verdicts,
    });
    targets.push(['pass_textRatio', `turn_faithfulness text ratio ${ratio.toFixed(3)} <= 0.5`, ratio <= 0.5]);
  }

  const overCalls = runs.filter((run) => run.calls > run.referenceCalls);
  const missing = METRIC_NAMES.length - runs.length;
  targets.unshift([
    'pass_calls',
    `calls <= reference for every metric${overCalls.length > 0 ? ` (over: ${overCalls.map((run) => run.metric).join(', ')})` : ''}${missing > 0 ? ` (${missing} metrics not run)` : ''}`,
    overCalls.length === 0 && missing === 0,
  ]);
  const worst = runs.reduce<MetricRun | null>((w, run) => (w === null || wallRatio(run) > wallRatio(w) ? run : w), null);
  if (worst) {
    const note = args.concurrency === 32 ? '' : ` (target set for concurrency 32; this run used ${args.concurrency})`;
    targets.push(['pass_wallRatio', `wall / floor <= 1.2 for every metric, worst ${worst.metric} ${wallRatio(worst).toFixed(2)}${note}`, wallRatio(worst) <= 1.2]);
  }
  const errors = runs.reduce((e, run) => e + run.errors, 0);
  console.log('');
  for (const [, label, pass] of targets) console.log(`${verdict(pass)} ${label}`);
  if (errors > 0) console.log(`WARNING ${errors} metric results errored; see the ERRORS column.`);
  for (const [key, , pass] of targets) bench[key] = pass ? 1 : 0;
  bench.timedMs = Math.round(runs.reduce((ms, run) => ms + run.wallMs, 0));
  bench.totalMs = Math.round(performance.now() - started);
  bench.loadAverage1m = round(loadavg()[0], 2);
  console.log(
    `Took ${(bench.totalMs / 1000).toFixed(0)} s: answers ${(prepared.ms / 1000).toFixed(0)} s, timed runs ${(bench.timedMs / 1000).toFixed(0)} s; load average now ${loadavg().map((l) => l.toFixed(2)).join(' ')}.`,
  );
  console.log(`BENCH ${JSON.stringify(bench)}`);
}

const server = startServerProcess();
main(server)
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => server.close());
