import { startAuth } from '../auth/start-auth';
import { getDb } from '../db/client';
import type { Db } from '../db/db-types';
import { ensureDiskReserve } from '../db/disk-reserve';
import { ensureDatabase } from '../db/migrations';
import { withStartupLock } from '../db/startup-lock';
import { describeDatabase, getDatabaseUrl } from '../db/url';
import { sweepAbandonedImportsEvery } from '../db/queries/datasets/sweep-imports';
import { seedDemo } from '../demo/seed-demo';
import { describeWorkers, startWorkers } from '../jobs/worker-manager';
import { jobKinds } from './job-kinds';

/** Seeds the demo under a lock: processes starting together on a new database (the app and a worker) seed it once. */
export const seedDemoOnce = (url: string, db: Db): Promise<boolean> => withStartupLock(url, 'seed', () => seedDemo(db));

/**
 * Database migrations, sign-in settings (TURNWISE_ADMIN_*), the sweep of abandoned imports and the demo seed, before the first request is served; then the
 * workers of every kind of background work (lib/server/job-kinds.ts; TURNWISE_WORKER=0 leaves them to `npm run worker`).
 */
export async function startServerServices(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const since = (start: number) => `${((Date.now() - start) / 1000).toFixed(1)} s`;
  let start = Date.now();
  console.log(`[database] bringing ${describeDatabase(getDatabaseUrl(env))} up to date (migrations)…`);
  await ensureDatabase();
  console.log(`[database] ready (${since(start)})`);
  await startAuth(getDb(), env);
  // Room for removing a failed import's rows should it fill the disk (SQLite only).
  await ensureDiskReserve(getDb()).catch((error: Error) => console.error(`[imports] could not make the disk reserve: ${error.message}`));
  // Imports happen in the web process: one that died mid-import left hidden rows behind.
  sweepAbandonedImportsEvery(getDb(), (m) => console.log(`[imports] ${m}`));
  if (env.TURNWISE_DEMO !== '0') {
    start = Date.now();
    const seeded = await seedDemoOnce(getDatabaseUrl(env), getDb());
    console.log(seeded ? `[demo] seeded the demo dataset and its run, scored by the offline judge (${since(start)})` : '[demo] the database already holds datasets: no demo seeded');
  }
  if (env.TURNWISE_WORKER !== '0' && env.NEXT_PHASE !== 'phase-production-build') {
    // Runs, replays, ingest and online scoring; a database that blinks as the server starts is waited for.
    const workers = await startWorkers(env, { db: getDb(), kinds: jobKinds(), log: console.log });
    console.log(`[${workers.kinds[0] ?? 'workers'}] ${describeWorkers(workers)}`);
  }
}
