/*
 * Server time and memory of the run pages on a large run: 100,000 conversations × 10 turns ×
 * 4 metrics in SQLite (generated once into a temporary file and reused while its size and the
 * migrations are the same), served by the production server (`next start`).
 * Usage: npm run bench:dashboard [-- --conversations N] [--turns N] [--requests N] [--no-build] [--port P]
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { generateRun } from './bench-dashboard/generate';
import { buildApp, startNextServer, stopNextServer, timePage } from './bench/next-server';

const METRICS = ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy', 'context_coverage'] as const;
const TARGET_MS = 300;
const TARGET_RSS_MB = 500;
const root = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    conversations: { type: 'string', default: '100000' },
    turns: { type: 'string', default: '10' },
    requests: { type: 'string', default: '9' },
    warmup: { type: 'string', default: '2' },
    port: { type: 'string', default: '3470' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-dashboard' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npm run bench:dashboard -- [--conversations 100000] [--turns 10] [--requests 9] [--warmup 2] [--no-build] [--port 3470] [--dir /tmp/…]');
  process.exit(0);
}
const n = Number(args.conversations);
const turns = Number(args.turns);
const requests = Number(args.requests);
const warmup = Number(args.warmup);

/**
 * The database file, generated unless a finished one of the same size is there (a reused
 * file gets the migrations added since, before the server starts and without timing them).
 */
async function prepareDatabase(): Promise<{ file: string; generatedMs: number | null }> {
  mkdirSync(args.dir, { recursive: true });
  const file = path.join(args.dir, `run-${n}x${turns}x${METRICS.length}.db`);
  const markerFile = `${file}.done.json`;
  const marker = JSON.stringify({ n, turns, metrics: METRICS, generator: 2 });
  if (existsSync(file) && existsSync(markerFile) && readFileSync(markerFile, 'utf8') === marker) {
    const started = performance.now();
    await ensureDatabase(`file:${file}`);
    console.log(`Database: reusing ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB; migrations checked in ${((performance.now() - started) / 1000).toFixed(1)} s).`);
    return { file, generatedMs: null };
  }
  for (const suffix of ['', '-wal', '-shm', '.done.json', '.migrate-lock']) rmSync(`${file}${suffix}`, { force: true });
  const url = `file:${file}`;
  await ensureDatabase(url);
  const db = createDbClient(url);
  const started = performance.now();
  let last = 0;
  const generated = await generateRun(db, url, {
    conversations: n,
    turns,
    metrics: METRICS,
    cachedEvery: 1000,
    onProgress: (done) => {
      if (done - last >= n / 10 || done === n) {
        last = done;
        console.log(`  generated ${done}/${n} conversations (${((performance.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
  await db.$disconnect();
  writeFileSync(markerFile, marker);
  console.log(`Database: generated ${file} in ${(generated.ms / 1000).toFixed(1)} s (${(statSync(file).size / 1e9).toFixed(2)} GB).`);
  return { file, generatedMs: generated.ms };
}

/**
 * The server runs from a private copy of the build (the project's other files linked), so
 * that someone else's `next build` in the shared .next cannot pull it away mid-measurement.
 */
function privateApp(): string {
  if (!existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('no production build in .next: run without --no-build');
  const app = path.join(args.dir, 'app');
  rmSync(app, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });
  for (const entry of readdirSync(root)) {
    if (entry === '.next' || entry === '.git' || entry === 'data') continue;
    symlinkSync(path.join(root, entry), path.join(app, entry));
  }
  cpSync(path.join(root, '.next'), path.join(app, '.next'), {
    recursive: true,
    filter: (source) => !/[/\\]\.next[/\\](cache|dev)([/\\]|$)/.test(source),
  });
  return app;
}

/** Resident memory of a process and its descendants, from /proc, in MB. */
function rssMb(pid: number): { rss: number; peak: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // exited meanwhile
    }
  }
  let rss = 0;
  let peak = 0;
  const visit = (p: number) => {
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      // exited meanwhile
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return { rss: Math.round(rss), peak: Math.round(peak) };
}

async function main(): Promise<void> {
  console.log(`Run of ${n.toLocaleString('en-US')} conversations × ${turns} turns × ${METRICS.length} metrics (${METRICS.join(', ')}).`);
  const { file, generatedMs } = await prepareDatabase();
  if (!args['no-build']) await buildApp();
  const app = privateApp();
  const port = Number(args.port);
  const server = await startNextServer({ app, dbFile: file, port, readyPath: '/runs' });
  const base = `http://127.0.0.1:${port}`;
  try {
    const middle = `bc${String(Math.floor(n / 2)).padStart(7, '0')}`;
    const pages = {
      runPage: { url: '/runs/bench-run', expect: 'Score distribution' },
      conversationPage: { url: `/runs/bench-run/conversations/${middle}`, expect: 'Judge calls' },
      filteredTablePage: { url: '/runs/bench-run?metric=turn_faithfulness&failed=1&sort=turn_faithfulness&dir=asc&page=50', expect: 'Conversations' },
    };
    const rssBefore = rssMb(server.process.pid!);
    const figures: Record<string, number> = {};
    console.log(`Server: next start on ${base}, RSS ${rssBefore.rss} MB after start. ${warmup} warm-up + ${requests} timed requests per page, one at a time.`);
    for (const [name, page] of Object.entries(pages)) {
      const t = await timePage(base, page.url, page.expect, { warmup, requests }, server);
      figures[`${name}Ms`] = Math.round(t.median);
      const flag = t.median < TARGET_MS ? 'ok' : `over ${TARGET_MS} ms`;
      console.log(`  ${name.padEnd(18)} ${t.median.toFixed(0).padStart(5)} ms median (min ${t.min.toFixed(0)}, max ${t.max.toFixed(0)}), ${(t.bytes / 1024).toFixed(0)} KB  ${flag}  ${page.url}`);
    }
    const rss = rssMb(server.process.pid!);
    console.log(`  server RSS ${rss.rss} MB now, ${rss.peak} MB peak  ${rss.peak < TARGET_RSS_MB ? 'ok' : `over ${TARGET_RSS_MB} MB`}`);
    const load = loadavg()[0];
    console.log(`  load average ${load.toFixed(2)} on ${availableParallelism()} cores while measuring (other processes share this machine)`);
    const bench = {
      conversations: n,
      turns,
      metrics: METRICS.length,
      dbBytes: statSync(file).size,
      ...(generatedMs !== null ? { generateMs: Math.round(generatedMs) } : {}),
      ...figures,
      rssMb: rss.rss,
      peakRssMb: rss.peak,
      loadAverage: Number(load.toFixed(2)),
    };
    console.log(`BENCH ${JSON.stringify(bench)}`);
  } finally {
    await stopNextServer(server);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
