/*
 * Server time of the comparison and trend pages on large runs: two completed runs of 100,000
 * conversations × 4 metrics on two datasets of the same scenarios, plus 48 earlier runs on a
 * smoke subset so the trend has 50 points. The database is generated once into a temporary
 * file and reused while its size and the migrations are the same; the production server
 * (`next start`) serves it.
 * Usage: npm run bench:compare [-- --conversations N] [--requests N] [--no-build] [--port P]
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { bootstrapMeanInterval } from '../lib/compare/bootstrap';
import { ensureDatabase } from '../lib/db/migrations';
import { BENCH_IDS, generate, METRICS } from './bench-compare/generate';
import { buildApp, loadPage, startNextServer, stopNextServer, timePage } from './bench/next-server';

const COMPARE_TARGET_MS = 500;
const TREND_TARGET_MS = 300;
const root = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    smoke: { type: 'string', default: '2000' },
    'smoke-runs': { type: 'string', default: '48' },
    requests: { type: 'string', default: '9' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3480' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-compare' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npm run bench:compare -- [--conversations 100000] [--smoke 2000] [--smoke-runs 48] [--requests 9] [--warmup 2] [--no-build] [--port 3480] [--dir /tmp/…]');
  process.exit(0);
}
const n = Number(args.conversations);
const smoke = Math.min(n, Number(args.smoke));
const smokeRuns = Number(args['smoke-runs']);
const requests = Number(args.requests);
const warmup = Number(args.warmup);

const migrations = () =>
  readdirSync(path.join(root, 'prisma/sqlite/migrations'), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

async function prepareDatabase(): Promise<{ file: string; generatedMs: number | null }> {
  mkdirSync(args.dir, { recursive: true });
  const file = path.join(args.dir, `compare-${n}x${METRICS.length}-${smokeRuns}.db`);
  const markerFile = `${file}.done.json`;
  const marker = JSON.stringify({ n, smoke, smokeRuns, metrics: METRICS, migrations: migrations(), generator: 1 });
  if (existsSync(file) && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) {
    console.log(`Database: reusing ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB).`);
    return { file, generatedMs: null };
  }
  for (const suffix of ['', '-wal', '-shm', '.done.json', '.migrate-lock']) rmSync(`${file}${suffix}`, { force: true });
  await ensureDatabase(`file:${file}`);
  const started = performance.now();
  await generate(`file:${file}`, {
    conversations: n,
    smoke,
    smokeRuns,
    onProgress: (label) => console.log(`  ${label} (${((performance.now() - started) / 1000).toFixed(0)} s)`),
  });
  writeFileSync(markerFile, marker);
  const ms = performance.now() - started;
  console.log(`Database: generated ${file} in ${(ms / 1000).toFixed(1)} s (${(statSync(file).size / 1e9).toFixed(2)} GB).`);
  return { file, generatedMs: ms };
}

/** Forgets the stored score vectors, so the first views measure building them. */
async function dropVectors(file: string): Promise<void> {
  const client = createClient({ url: `file:${file}` });
  await client.execute('DELETE FROM "RunScoreVector"');
  client.close();
}

async function countVectors(file: string): Promise<number> {
  const client = createClient({ url: `file:${file}` });
  const r = await client.execute('SELECT COUNT(*) AS n FROM "RunScoreVector"');
  client.close();
  return Number(r.rows[0].n);
}

async function main(): Promise<void> {
  console.log(`Two runs of ${n.toLocaleString('en-US')} conversations × ${METRICS.length} metrics, and ${smokeRuns} runs of ${smoke.toLocaleString('en-US')} for the trend.`);
  const { file, generatedMs } = await prepareDatabase();
  if (!args['no-build']) await buildApp();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;
  const compareUrl = `/compare?baseline=${BENCH_IDS.v1Run}&candidate=${BENCH_IDS.v2Run}`;
  const tableUrl = `${compareUrl}&metric=turn_faithfulness&filter=regressed&sort=delta&page=40`;
  const trendUrl = `/trends/${BENCH_IDS.v1Dataset}`;
  const figures: Record<string, number> = {};

  // 0. The interval on one difference: 100,000 pairs of verdict fractions (the compare page draws one per metric).
  const pairs = Array.from({ length: 100_000 }, (_, i) => (((i * 7919) % 11) - ((i * 104_729) % 11)) / 10);
  const bootstrapStarted = performance.now();
  bootstrapMeanInterval(pairs);
  figures.bootstrap100kPairsMs = Math.round(performance.now() - bootstrapStarted);
  console.log(`  bootstrap interval of 100,000 paired differences: ${figures.bootstrap100kPairsMs} ms (target: well under 1,000 ms)`);

  // 1. Nothing precomputed: the first comparison reads both runs' results and stores their vectors.
  await dropVectors(file);
  let server = await startNextServer({ dbFile: file, port, readyPath: '/compare?pick=1' });
  try {
    figures.compareFirstViewMs = Math.round((await loadPage(base, compareUrl, 'Summary by metric', server)).ms);
    console.log(`  first comparison, vectors built from ${(2 * n * METRICS.length).toLocaleString('en-US')} results: ${figures.compareFirstViewMs} ms`);
    figures.trendFirstViewMs = Math.round((await loadPage(base, trendUrl, 'Trends', server)).ms);
    console.log(`  first trend view (vectors of ${smokeRuns} smoke runs built within its time budget): ${figures.trendFirstViewMs} ms`);
    for (let i = 0; i < 120 && (await countVectors(file)) < smokeRuns + 2; i++) await new Promise((r) => setTimeout(r, 500));
    console.log(`  stored vectors: ${await countVectors(file)}`);
  } finally {
    await stopNextServer(server);
  }

  // 2. A new server process on the stored vectors: the first view after a restart, then warm views.
  server = await startNextServer({ dbFile: file, port, readyPath: '/compare?pick=1' });
  try {
    figures.compareAfterRestartMs = Math.round((await loadPage(base, compareUrl, 'Summary by metric', server)).ms);
    console.log(`  first comparison after a restart (stored vectors, comparison computed): ${figures.compareAfterRestartMs} ms`);
    const pages = {
      comparePage: { url: compareUrl, expect: 'Summary by metric', target: COMPARE_TARGET_MS },
      compareTablePage: { url: tableUrl, expect: 'Conversations', target: COMPARE_TARGET_MS },
      trendPage: { url: trendUrl, expect: 'Trends', target: TREND_TARGET_MS },
      homePage: { url: '/', expect: 'Latest runs', target: TREND_TARGET_MS },
    };
    console.log(`Server: next start on ${base}; ${warmup} warm-up + ${requests} timed requests per page, one at a time.`);
    for (const [name, page] of Object.entries(pages)) {
      const t = await timePage(base, page.url, page.expect, { warmup, requests }, server);
      figures[`${name}Ms`] = Math.round(t.median);
      const flag = t.median < page.target ? 'ok' : `over ${page.target} ms`;
      console.log(`  ${name.padEnd(17)} ${t.median.toFixed(0).padStart(5)} ms median (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)})  ${flag}  ${page.url}`);
    }
  } finally {
    await stopNextServer(server);
  }
  const bench = {
    conversations: n,
    metrics: METRICS.length,
    trendRuns: smokeRuns + 2,
    dbBytes: statSync(file).size,
    ...(generatedMs !== null ? { generateMs: Math.round(generatedMs) } : {}),
    ...figures,
  };
  console.log(`BENCH ${JSON.stringify(bench)}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
