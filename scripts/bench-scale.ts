/*
 * Turnwise on PostgreSQL at scale (issue: a million conversations; runs shared by workers on
 * several machines). Makes and drops its own database on the server of --postgres.
 *
 * Workers: 1, 2 and 4 worker processes share one run of --worker-conversations (2,000) against a
 * scripted judge whose answers take --latency ms (200); conversations per second for each, the
 * speed-up, and a worker killed mid-chunk (SIGKILL) with the run's results checked after.
 * Each worker scores --jobs chunks × --concurrency items at once (2 × 1 by default, the same for
 * 1, 2 and 4 workers): on one machine the workers share its cores, and four workers at 2 judge
 * calls in flight each (up to 40 conversations/s at 200 ms) already need 40 × the CPU per
 * conversation every second, which the figures printed for each pass show.
 *
 * Pages: --conversations N (1,000,000) × 10 turns imported through the upload route of `next start`
 * and through `turnwise import`, two completed runs of 4 metrics, then the server time (median,
 * p95) of the datasets list, dataset, run, filtered results, conversation, compare, trends and
 * dataset search pages; import time and rate, peak RSS of the web process, database size. The
 * pages are those of a project "bench" (at /p/bench/…) among --projects (10) projects, each other
 * one with a copy of --other-conversations (as many) of its conversations and a run
 * (bench-scale/projects.ts): every list must find its project's rows through its indexes.
 * Needs a production build in .next (npx next build).
 *
 * `--keep` leaves the database (its name is printed) instead of dropping it; `--reuse <name>` times
 * the pages again on such a database (migrated first, nothing imported: same --conversations),
 * e.g. before and after a change to a query or an index. A reused database is kept. `--log-sql
 * <file>` logs every statement the web server sends (scripts/bench-scale/sql-log.ts) and prints,
 * per page, the statements a view sends and the time spent waiting for them, costliest first.
 *
 * Usage: npm run bench:scale -- --postgres postgresql://user:pass@host/db [--conversations N] [--port 3260]
 *        [--requests 20] [--workers-only | --pages-only] [--projects 10] [--other-conversations N]
 *        [--keep] [--reuse turnwise_bench_scale_<pid>] [--log-sql <file>]
 *        [--worker-conversations 2000] [--latency 200] [--concurrency 1] [--jobs 2] [--chunk-size 10] [--workers 1,2,4]
 *        (a role with CREATEDB)
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { createPostgresDatabase, dropPostgresDatabase } from '../lib/db/postgres-adapter';
import { stopBoss } from '../lib/jobs/pg-boss/boss';
import { benchPages } from './bench-scale/pages';
import { benchWorkers } from './bench-scale/workers';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'string' },
    'workers-only': { type: 'boolean', default: false },
    'pages-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'log-sql': { type: 'string' },
    conversations: { type: 'string', default: '1000000' },
    port: { type: 'string', default: '3260' },
    requests: { type: 'string', default: '20' },
    'worker-conversations': { type: 'string', default: '2000' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '1' },
    jobs: { type: 'string', default: '2' },
    'chunk-size': { type: 'string', default: '10' },
    workers: { type: 'string', default: '1,2,4' },
    projects: { type: 'string', default: '10' },
    'other-conversations': { type: 'string' },
  },
});
if (!args.postgres) {
  console.error('--postgres <url> is required: a PostgreSQL server where this role may create a database');
  process.exit(2);
}
const admin = args.postgres;
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
const log = (line: string) => console.log(line);

const reuse = args.reuse;
if (reuse && (!args['pages-only'] || !/^turnwise_bench_scale_\d+$/.test(reuse))) {
  console.error('--reuse takes the name of a database an earlier --keep printed (turnwise_bench_scale_<pid>), with --pages-only');
  process.exit(2);
}
const keep = args.keep || Boolean(reuse);
const name = reuse ?? `turnwise_bench_scale_${process.pid}`;
let url: string;
if (reuse) {
  const kept = new URL(admin);
  kept.pathname = `/${reuse}`;
  url = kept.toString();
} else {
  await dropPostgresDatabase(admin, name);
  url = await createPostgresDatabase(admin, name);
}
const db = createDbClient(url);
const bench: Record<string, number> = {};
try {
  await ensureDatabase(url);
  log(`load average before: ${load()}`);
  bench.loadBefore = loadavg()[0];

  let failed = false;
  if (!args['pages-only']) {
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
    for (const [n, commits] of Object.entries(workers.commits)) bench[`postgresCommitsPerConversation${n}`] = Number(commits.toFixed(2));
    for (const [n, cpu] of Object.entries(workers.cpuMs)) {
      for (const [who, ms] of Object.entries(cpu)) bench[`${who}CpuMsPerConversation${n}`] = Number(ms.toFixed(1));
    }
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
    failed ||= !workers.kill.ok;
  }
  if (!args['workers-only']) {
    const pages = await benchPages(db, url, {
      conversations: Number(args.conversations),
      port: Number(args.port),
      requests: Number(args.requests),
      reuse: Boolean(reuse),
      sqlLog: args['log-sql'],
      projects: Number(args.projects),
      otherConversations: Number(args['other-conversations'] ?? args.conversations),
      log,
    });
    const imported = pages.imported;
    log(
      `pages: worst p95 ${pages.worstPageP95Ms.toFixed(0)} ms (target 300); web peak RSS ${pages.webPeakRssMb.toFixed(0)} MB (target 1024); ${
        imported ? `import ${imported.importSeconds.toFixed(1)} s (target 600 at 1,000,000)` : 'nothing imported (reused)'
      }; database ${pages.databaseMb.toFixed(0)} MB; load average ${load()}`,
    );
    bench.conversations = Number(args.conversations);
    bench.projects = Number(await db.project.count());
    if (imported) {
      Object.assign(bench, {
        importSeconds: Number(imported.importSeconds.toFixed(1)),
        importConversationsPerSecond: Math.round(imported.importConversationsPerSecond),
        cliImportSeconds: Number(imported.cliImportSeconds.toFixed(1)),
        cliPeakRssMb: Math.round(imported.cliPeakRssMb),
        otherProjectsSeconds: Number(imported.otherProjectsSeconds.toFixed(1)),
      });
    }
    Object.assign(bench, {
      worstPageP95Ms: Math.round(pages.worstPageP95Ms),
      webPeakRssMb: Math.round(pages.webPeakRssMb),
      databaseMb: Math.round(pages.databaseMb),
    });
    for (const page of pages.pages) {
      const key = page.name.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
      bench[`${key}MedianMs`] = Math.round(page.medianMs);
      bench[`${key}P95Ms`] = Math.round(page.p95Ms);
    }
  }
  bench.loadAfter = loadavg()[0];
  console.log(`BENCH ${JSON.stringify(bench)}`);
  if (failed) process.exitCode = 1;
} finally {
  await stopBoss(url);
  await db.$disconnect();
  if (keep) console.log(`kept the database ${name} (time its pages again with --pages-only --reuse ${name}; drop it with DROP DATABASE)`);
  else await dropPostgresDatabase(admin, name);
}
