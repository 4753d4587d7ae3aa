/*
 * Turnwise on PostgreSQL at scale (issue: a million conversations; runs shared by workers on
 * several machines). Makes and drops its own database on the server of --postgres.
 *
 * Workers: 1, 2 and 4 worker processes share one run of --worker-conversations (2,000) against a
 * scripted judge whose answers take --latency ms (200); conversations per second for each, the
 * speed-up, and a worker killed mid-chunk (SIGKILL) with the run's results checked after.
 *
 * Usage: npm run bench:scale -- --postgres postgresql://user:pass@host/db [--workers-only]
 *        [--worker-conversations 2000] [--latency 200] [--concurrency 4] [--jobs 2] [--chunk-size 10] [--workers 1,2,4]
 *        (a role with CREATEDB)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { createPostgresDatabase, dropPostgresDatabase } from '../lib/db/postgres-adapter';
import { stopBoss } from '../lib/runs/pg-boss-queue';
import { benchWorkers } from './bench-scale/workers';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    'workers-only': { type: 'boolean', default: false },
    'worker-conversations': { type: 'string', default: '2000' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '4' },
    jobs: { type: 'string', default: '2' },
    'chunk-size': { type: 'string', default: '10' },
    workers: { type: 'string', default: '1,2,4' },
  },
});
if (!args.postgres) {
  console.error('--postgres <url> is required: a PostgreSQL server where this role may create a database');
  process.exit(2);
}
const admin = args.postgres;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const log = (line: string) => console.log(line);

const name = `turnwise_bench_scale_${process.pid}`;
await dropPostgresDatabase(admin, name);
const url = await createPostgresDatabase(admin, name);
const db = createDbClient(url);
const bench: Record<string, number> = {};
try {
  await ensureDatabase(url);
  log(`load average before: ${load()}`);
  bench.loadBefore = loadavg()[0];

  const workers = await benchWorkers(db, url, {
    conversations: Number(args['worker-conversations']),
    latencyMs: Number(args.latency),
    concurrency: Number(args.concurrency),
    jobs: Number(args.jobs),
    chunkSize: Number(args['chunk-size']),
    counts: args.workers!.split(',').map(Number),
    log,
  });
  log(
    `workers: speed-up ${workers.speedup2.toFixed(2)}× at 2, ${workers.speedup4.toFixed(2)}× at 4 (goal ≥ 3.5×); worker peak RSS ${workers.workerPeakRssMb.toFixed(0)} MB; load average ${load()}`,
  );
  for (const [n, rate] of Object.entries(workers.rate)) bench[`conversationsPerSecond${n}`] = Number(rate.toFixed(2));
  Object.assign(bench, {
    speedup2: Number(workers.speedup2.toFixed(3)),
    speedup4: Number(workers.speedup4.toFixed(3)),
    workerPeakRssMb: Math.round(workers.workerPeakRssMb),
    killResults: workers.kill.results,
    killDuplicates: workers.kill.duplicates,
    killMissing: workers.kill.missing,
    killHandedOver: workers.kill.handedOver,
    killOk: workers.kill.ok ? 1 : 0,
  });
  bench.loadAfter = loadavg()[0];
  console.log(`BENCH ${JSON.stringify(bench)}`);
  if (!workers.kill.ok) process.exitCode = 1;
} finally {
  await stopBoss(url);
  await db.$disconnect();
  await dropPostgresDatabase(admin, name);
}
