/*
 * `turnwise eval` end to end, as a user runs it (its package script, a process of its own),
 * for 50, 200 and 800 conversations against an OpenAI-compatible judge with a set latency
 * (judge-sim.mjs, else the tests' schema judge) in its own process. A recording proxy between
 * the two sees every request. Prints per size: judge calls, wall time over the floor (calls x
 * latency / concurrency), time to the first judge request and the CPU spent before it, CPU
 * per judge call after it, requests in flight on average while work remained, peak RSS; then
 * a check that TURNWISE_JUDGE_CONCURRENCY caps requests in flight; then BENCH {json}.
 * Usage: npm run bench:eval [-- --sizes 50,200,800] [-- --latency 200] [-- --concurrency 8]
 *   [-- --exchanges 1] [-- --metrics a,b] [-- --root DIR (another checkout)] [-- --port N]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { exportJsonl } from '../lib/datasets/export-deepeval';
import { buildDataset } from './bench/dataset';
import { JUDGE_SIM, startJudgeProcess } from './bench-eval/judge-process';
import { startRecordingProxy } from './bench-eval/recording-proxy';
import { runEval, type EvalRunFigures } from './bench-eval/run-eval';

const USAGE = `Usage: npm run bench:eval -- [--sizes 50,200,800] [--latency 200] [--concurrency 8] [--exchanges 1]
  [--metrics a,b]   (default: none named, so the command scores its default set) [--seed 1]
  [--root DIR]      the checkout whose turnwise command is measured (default: this one)
  [--judge-sim FILE] the judge simulator (default ${JUDGE_SIM}; the tests' schema judge when absent)
  [--port N]        the proxy listens on N and the simulator on N+1 (default: any free ports)
  [--no-env-check]  skip the TURNWISE_JUDGE_CONCURRENCY check`;

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '50,200,800' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '8' },
    exchanges: { type: 'string', default: '1' },
    metrics: { type: 'string' },
    seed: { type: 'string', default: '1' },
    root: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    'judge-sim': { type: 'string', default: JUDGE_SIM },
    port: { type: 'string', default: '0' },
    'no-env-check': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const sizes = values.sizes.split(',').map(Number);
const LATENCY = Number(values.latency);
const CONCURRENCY = Number(values.concurrency);
const EXCHANGES = Number(values.exchanges);
const PORT = Number(values.port);
const ENV_CAP = 2;
const root = path.resolve(values.root);
if ([...sizes, LATENCY, CONCURRENCY, EXCHANGES].some((n) => !Number.isInteger(n) || n < 1)) throw new Error(`sizes, latency, concurrency and exchanges are positive whole numbers\n${USAGE}`);

const load = (): number => Number(os.loadavg()[0].toFixed(2));
const ms = (n: number): string => `${(n / 1000).toFixed(2)} s`;

/** A database migrated ahead (not timed), as a user's is after the first command: the reply cache starts empty. */
function freshDatabase(dir: string, name: string): string {
  const url = pathToFileURL(path.join(dir, `${name}.db`)).href;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/db/migrate.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: url }, stdio: 'ignore' });
  return url;
}

function datasetFile(dir: string, conversations: number): string {
  const file = path.join(dir, `bench-${conversations}.jsonl`);
  const { conversations: list } = buildDataset({ conversations, exchanges: EXCHANGES, seed: Number(values.seed) });
  writeFileSync(file, [...exportJsonl(list)].join(''));
  return file;
}

/** `turnwise --help` once, not timed: what a first start makes and keeps (tsx's compile cache, a bundle) is made before the timed runs. */
function warmUp(): void {
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  execFileSync('/bin/sh', ['-c', `exec ${pkg.scripts.turnwise} --help`], {
    cwd: root,
    env: { ...process.env, PATH: `${path.join(root, 'node_modules/.bin')}:${process.env.PATH}` },
    stdio: 'ignore',
  });
}

warmUp();
const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-eval-'));
const judge = await startJudgeProcess(LATENCY, values['judge-sim'], PORT ? PORT + 1 : 0);
const proxy = await startRecordingProxy(judge.url, PORT);
const bench: Record<string, number> = { latencyMs: LATENCY, concurrency: CONCURRENCY, exchanges: EXCHANGES };
try {
  console.log(`turnwise eval in ${root}: ${values.metrics ?? 'its default metric set'} on the bench's RAG support conversations (${EXCHANGES} exchanges each),`);
  console.log(`judge ${judge.label} at ${LATENCY} ms, --concurrency ${CONCURRENCY}; each size on a migrated database with an empty reply cache,`);
  console.log('after one untimed `turnwise --help` (what a first start makes and keeps is made).');
  console.log('');
  const header = ['convs', 'calls', 'wall', 'floor', 'wall/floor', 'first req', 'CPU before', 'CPU/call', 'in flight', 'peak RSS', 'load'];
  const rows: string[][] = [];
  for (const n of sizes) {
    const loadBefore = load();
    const run: EvalRunFigures = await runEval({
      root,
      file: datasetFile(dir, n),
      databaseUrl: freshDatabase(dir, `c${n}`),
      proxy,
      metrics: values.metrics,
      concurrency: CONCURRENCY,
      latencyMs: LATENCY,
      concurrencyFlag: true,
    });
    const loadAfter = load();
    rows.push([
      String(n),
      String(run.calls),
      ms(run.wallMs),
      ms(run.floorMs),
      run.wallOverFloor.toFixed(2),
      ms(run.firstRequestMs),
      ms(run.cpuBeforeFirstRequestMs),
      `${run.cpuMsPerCall.toFixed(2)} ms`,
      `${run.meanInFlight.toFixed(2)} of ${CONCURRENCY}`,
      `${run.peakRssMb.toFixed(0)} MB`,
      `${loadBefore} → ${loadAfter}`,
    ]);
    Object.assign(bench, {
      [`c${n}_calls`]: run.calls,
      [`c${n}_wallMs`]: Math.round(run.wallMs),
      [`c${n}_floorMs`]: Math.round(run.floorMs),
      [`c${n}_wallOverFloor`]: Number(run.wallOverFloor.toFixed(3)),
      [`c${n}_judgingOverFloor`]: Number(run.judgingOverFloor.toFixed(3)),
      [`c${n}_firstRequestMs`]: Math.round(run.firstRequestMs),
      [`c${n}_cpuBeforeFirstRequestMs`]: Math.round(run.cpuBeforeFirstRequestMs),
      [`c${n}_cpuMsPerCall`]: Number(run.cpuMsPerCall.toFixed(3)),
      [`c${n}_meanInFlight`]: Number(run.meanInFlight.toFixed(2)),
      [`c${n}_maxInFlight`]: run.maxInFlight,
      [`c${n}_afterLastAnswerMs`]: Math.round(run.afterLastAnswerMs),
      [`c${n}_peakRssMb`]: Math.round(run.peakRssMb),
      [`c${n}_loadAverage1m`]: loadBefore,
    });
    console.log(`${n} conversations done: ${run.calls} calls in ${ms(run.wallMs)} (load ${loadBefore} → ${loadAfter})`);
  }
  console.log('');
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  for (const r of [header, ...rows]) console.log(r.map((cell, i) => cell.padStart(widths[i])).join('  '));
  console.log('');
  console.log('first req: from the command\'s start to its first judge request; CPU before: every process of the command until then;');
  console.log('CPU/call: the CPU after it over the calls; in flight: mean requests in flight from the first request to the last answer.');

  if (!values['no-env-check']) {
    const check = await runEval({
      root,
      file: datasetFile(dir, 10),
      databaseUrl: freshDatabase(dir, 'env-cap'),
      proxy,
      metrics: values.metrics,
      concurrency: ENV_CAP,
      latencyMs: LATENCY,
      concurrencyFlag: false,
      env: { TURNWISE_JUDGE_CONCURRENCY: String(ENV_CAP) },
    });
    console.log(`TURNWISE_JUDGE_CONCURRENCY=${ENV_CAP}, no --concurrency: at most ${check.maxInFlight} requests in flight (${check.calls} calls) ${check.maxInFlight <= ENV_CAP ? 'PASS' : 'FAIL'}`);
    bench.envCapConcurrency = ENV_CAP;
    bench.envCapMaxInFlight = check.maxInFlight;
  }
  bench.loadAverage1m = load();
  console.log(`BENCH ${JSON.stringify(bench)}`);
} finally {
  await proxy.close();
  judge.stop();
  rmSync(dir, { recursive: true, force: true });
}
