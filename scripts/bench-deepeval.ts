/*
 * npm run bench:deepeval [-- --cases 1000 --batch 20 --port 3495 --no-build]
 *
 * A deepeval test run as its Python client sends it, through the real server (`next start` on a
 * fresh SQLite file): --cases conversational test cases × 6 metrics (the cases and verbose logs
 * deepeval 4.1.10 recorded, tests/fixtures/deepeval-4.1.10/001, renamed per case), one POST of the
 * first --batch cases then PUTs of --batch, one after another as deepeval sends them. Meanwhile one
 * client loads the runs list and the datasets list one after another.
 *
 * Figures: seconds from the POST to the run stored (the last PUT answers once it is), of which the
 * last PUT (storing 1,000 conversations and 6,000 results with their per-turn verdicts), request
 * p50/p95 of the other PUTs, page p95 while it goes on (and, as a control, of 20 loads before: the
 * machine's load alone), and the stored run's page. Goals: stored within 10 s, page p95 ≤ 300 ms.
 * Ends with `BENCH {json}`.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { buildApp, loadPage, startNextServer, stopNextServer, type NextServer } from './bench/next-server';

const GOAL_SECONDS = 10;
const TARGET_PAGE_P95_MS = 300;

const { values: args } = parseArgs({
  options: {
    cases: { type: 'string', default: '1000' },
    batch: { type: 'string', default: '20' },
    port: { type: 'string', default: '3495' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-deepeval' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
  },
});
const CASES = Number(args.cases);
const BATCH = Number(args.batch);
const BASE = `http://127.0.0.1:${args.port}`;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

type Case = { name: string; order: number; metricsData: { name: string; score: number; success: boolean }[]; turns: { content: string }[] } & Record<string, unknown>;

/** --cases cases made from the recorded ones: case i is recorded case i mod 20 with its customer number and name changed. */
function testRun(): { head: Record<string, unknown>; cases: Case[] } {
  const recorded = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../tests/fixtures/deepeval-4.1.10/001-POST-_v1_test_run.json'), 'utf8')).body as { conversationalTestCases: Case[] } & Record<string, unknown>;
  const templates = recorded.conversationalTestCases;
  const cases = Array.from({ length: CASES }, (_, i) => {
    const from = templates[i % templates.length];
    const text = JSON.stringify(from).replaceAll(`customer ${i % templates.length}`, `customer ${i}`).replaceAll(`conv-${i % templates.length}"`, `conv-${i}"`);
    return { ...(JSON.parse(text) as Case), name: `conv-${i}`, order: i };
  });
  const names = cases[0].metricsData.map((m) => m.name);
  const metricsScores = names.map((metric) => {
    const all = cases.map((c) => c.metricsData.find((m) => m.name === metric)!);
    return { metric, scores: all.map((m) => m.score), passes: all.filter((m) => m.success).length, fails: all.filter((m) => !m.success).length, errors: 0 };
  });
  const failed = cases.filter((c) => c.metricsData.some((m) => !m.success)).length;
  const head = { testCases: [], metricsScores, identifier: `bench-${Date.now()}`, hyperparameters: { model: 'bench' }, testPassed: CASES - failed, testFailed: failed, runDuration: Math.random() * 100, official: false };
  return { head, cases };
}

async function send(method: 'POST' | 'PUT', body: unknown): Promise<{ ms: number; answer: { success: boolean; id?: string; data?: { stored?: boolean }; error?: string } }> {
  const started = performance.now();
  const res = await fetch(`${BASE}/api/deepeval/v1/test-run`, { method, headers: { 'content-type': 'application/json', 'x-deepeval-version': '4.1.10' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as { success: boolean; id?: string; data?: { stored?: boolean }; error?: string };
  if (!res.ok || !answer.success) throw new Error(`${method} answered ${res.status}: ${answer.error}`);
  return { ms: performance.now() - started, answer };
}

async function main(): Promise<void> {
  if (!args['no-build']) await buildApp();
  rmSync(args.dir, { recursive: true, force: true });
  mkdirSync(args.dir, { recursive: true });
  const dbFile = path.join(args.dir, 'bench.db');
  process.env.DATABASE_URL = `file:${dbFile}`;
  await ensureDatabase();
  const { head, cases } = testRun();
  let server: NextServer | null = null;
  try {
    server = await startNextServer({ dbFile, port: Number(args.port), readyPath: '/runs' });
    const pages = ['/runs', '/datasets'];
    for (const page of pages) await loadPage(BASE, page, '<html', server);
    const control: number[] = [];
    for (let i = 0; i < 20; i++) control.push((await loadPage(BASE, pages[i % 2], '<html', server)).ms);

    let sending = true;
    const during: number[] = [];
    const pageClient = (async () => {
      for (let i = 0; sending; i++) during.push((await loadPage(BASE, pages[i % 2], '<html', server!)).ms);
    })();
    const started = performance.now();
    const first = await send('POST', { ...head, conversationalTestCases: cases.slice(0, BATCH) });
    const runId = first.answer.id!;
    const puts: number[] = [];
    let last = { ms: 0, stored: false };
    for (let from = BATCH; from < cases.length; from += BATCH) {
      const put = await send('PUT', { testRunId: runId, testCases: [], conversationalTestCases: cases.slice(from, from + BATCH) });
      if (from + BATCH >= cases.length) last = { ms: put.ms, stored: put.answer.data?.stored === true };
      else puts.push(put.ms);
    }
    const storedSeconds = (performance.now() - started) / 1000;
    sending = false;
    await pageClient;
    if (!last.stored) throw new Error('the last PUT did not store the run');

    const db = createDbClient(`file:${dbFile}`);
    const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, doneItems: true, dataset: { select: { conversationCount: true } } } });
    const verdicts = await db.turnVerdict.count({ where: { runId } });
    await db.$disconnect();
    if (run.status !== 'completed' || run.doneItems !== CASES * 6 || run.dataset.conversationCount !== CASES) throw new Error(`the run is not whole: ${JSON.stringify(run)}`);
    const runPage: number[] = [];
    for (let i = 0; i < 6; i++) runPage.push((await loadPage(BASE, `/runs/${runId}`, 'deepeval (judge)', server)).ms);

    const load = loadavg();
    const f = {
      cases: CASES,
      results: run.doneItems,
      turnVerdicts: verdicts,
      storedSeconds: round(storedSeconds, 2),
      lastPutMs: round(last.ms),
      putP50Ms: round(quantile(puts, 0.5)),
      putP95Ms: round(quantile(puts, 0.95)),
      postMs: round(first.ms),
      pagesDuringP95Ms: round(quantile(during, 0.95)),
      pagesDuringMaxMs: round(Math.max(...during)),
      pageLoadsDuring: during.length,
      controlP95Ms: round(quantile(control, 0.95)),
      runPageMedianMs: round(quantile(runPage.slice(1), 0.5)),
      loadAverage1m: round(load[0], 2),
      cores: cpus().length,
    };
    console.log(`deepeval test run: ${CASES} conversational cases × 6 metrics, POST of ${BATCH} then PUTs of ${BATCH} (SQLite, next start)`);
    console.log(`  stored                 ${f.storedSeconds.toFixed(2)} s from the POST to the run stored  goal ≤ ${GOAL_SECONDS} s: ${f.storedSeconds <= GOAL_SECONDS ? 'PASS' : 'FAIL'}`);
    console.log(`  of which the last PUT  ${f.lastPutMs} ms (storing ${CASES} conversations, ${f.results} results, ${f.turnVerdicts} turn verdicts)`);
    console.log(`  other requests         POST ${f.postMs} ms, PUT p50 ${f.putP50Ms} ms, p95 ${f.putP95Ms} ms`);
    console.log(`  pages meanwhile        p95 ${f.pagesDuringP95Ms} ms, max ${f.pagesDuringMaxMs} ms (${f.pageLoadsDuring} loads)  target ≤ ${TARGET_PAGE_P95_MS}: ${f.pagesDuringP95Ms <= TARGET_PAGE_P95_MS ? 'PASS' : 'FAIL'}`);
    console.log(`  pages before (control) p95 ${f.controlP95Ms} ms`);
    console.log(`  the run's page         median ${f.runPageMedianMs} ms`);
    console.log(`  load average           ${f.loadAverage1m} (1 min) on ${f.cores} cores`);
    console.log(`BENCH ${JSON.stringify(f)}`);
  } finally {
    if (server) await stopNextServer(server);
    rmSync(args.dir, { recursive: true, force: true });
  }
}

main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exit(1);
});
