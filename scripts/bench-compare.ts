/*
 * Server time of the comparison and trend pages on large runs: two completed runs of 100,000
 * conversations × 4 metrics on two datasets of the same scenarios, plus 48 earlier runs on a
 * smoke subset so the trend has 50 points. The database is generated once into a temporary
 * file and reused while its size and the migrations are the same; the production server
 * (`next start`) serves it.
 * Usage: npm run bench:compare [-- --conversations N] [--requests N] [--no-build] [--port P]
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from '@libsql/client';
import { ensureDatabase } from '../lib/db/migrations';
import { BENCH_IDS, generate, METRICS } from './bench-compare/generate';

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

function build(): void {
  console.log('Building the app (next build)…');
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error(`next build failed with exit code ${result.status}`);
  }
}

async function startServer(file: string, port: number): Promise<ChildProcess> {
  const server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: `file:${file}`, TURNWISE_DEMO: '0', NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/compare?pick=1`);
      await res.text();
      if (res.ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  server.kill();
  throw new Error(`the server did not answer within 120 s:\n${output}`);
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One full page load from 127.0.0.1: the time until the last byte of the streamed HTML. */
async function load(base: string, url: string, expect: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(base + url);
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  if (!body.includes(expect)) throw new Error(`${url} does not contain "${expect}"`);
  return ms;
}

async function timePage(base: string, url: string, expect: string): Promise<{ median: number; min: number; max: number }> {
  for (let i = 0; i < warmup; i++) await load(base, url, expect);
  const times: number[] = [];
  for (let i = 0; i < requests; i++) times.push(await load(base, url, expect));
  return { median: median(times), min: Math.min(...times), max: Math.max(...times) };
}

async function main(): Promise<void> {
  console.log(`Two runs of ${n.toLocaleString('en-US')} conversations × ${METRICS.length} metrics, and ${smokeRuns} runs of ${smoke.toLocaleString('en-US')} for the trend.`);
  const { file, generatedMs } = await prepareDatabase();
  if (!args['no-build']) build();
  const port = Number(args.port);
  const base = `http://127.0.0.1:${port}`;
  const compareUrl = `/compare?baseline=${BENCH_IDS.v1Run}&candidate=${BENCH_IDS.v2Run}`;
  const tableUrl = `${compareUrl}&metric=turn_faithfulness&filter=regressed&sort=delta&page=40`;
  const trendUrl = `/trends/${BENCH_IDS.v1Dataset}`;
  const figures: Record<string, number> = {};

  // 1. Nothing precomputed: the first comparison reads both runs' results and stores their vectors.
  await dropVectors(file);
  let server = await startServer(file, port);
  try {
    figures.compareFirstViewMs = Math.round(await load(base, compareUrl, 'Summary by metric'));
    console.log(`  first comparison, vectors built from ${(2 * n * METRICS.length).toLocaleString('en-US')} results: ${figures.compareFirstViewMs} ms`);
    figures.trendFirstViewMs = Math.round(await load(base, trendUrl, 'Trends'));
    console.log(`  first trend view (vectors of ${smokeRuns} smoke runs built within its time budget): ${figures.trendFirstViewMs} ms`);
    for (let i = 0; i < 120 && (await countVectors(file)) < smokeRuns + 2; i++) await new Promise((r) => setTimeout(r, 500));
    console.log(`  stored vectors: ${await countVectors(file)}`);
  } finally {
    await stopServer(server);
  }

  // 2. A new server process on the stored vectors: the first view after a restart, then warm views.
  server = await startServer(file, port);
  try {
    figures.compareAfterRestartMs = Math.round(await load(base, compareUrl, 'Summary by metric'));
    console.log(`  first comparison after a restart (stored vectors, comparison computed): ${figures.compareAfterRestartMs} ms`);
    const pages = {
      comparePage: { url: compareUrl, expect: 'Summary by metric', target: COMPARE_TARGET_MS },
      compareTablePage: { url: tableUrl, expect: 'Conversations', target: COMPARE_TARGET_MS },
      trendPage: { url: trendUrl, expect: 'Trends', target: TREND_TARGET_MS },
      homePage: { url: '/', expect: 'Latest runs', target: TREND_TARGET_MS },
    };
    console.log(`Server: next start on ${base}; ${warmup} warm-up + ${requests} timed requests per page, one at a time.`);
    for (const [name, page] of Object.entries(pages)) {
      const t = await timePage(base, page.url, page.expect);
      figures[`${name}Ms`] = Math.round(t.median);
      const flag = t.median < page.target ? 'ok' : `over ${page.target} ms`;
      console.log(`  ${name.padEnd(17)} ${t.median.toFixed(0).padStart(5)} ms median (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)})  ${flag}  ${page.url}`);
    }
  } finally {
    await stopServer(server);
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
