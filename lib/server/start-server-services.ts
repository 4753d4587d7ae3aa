import { startAuth } from '../auth/start-auth';
import { getDb } from '../db/client';
import type { Db } from '../db/db-types';
import { ensureDiskReserve } from '../db/disk-reserve';
import { ensureDatabase } from '../db/migrations';
import { dbRetryOf, retryPassing } from '../db/retry-passing';
import { withStartupLock } from '../db/startup-lock';
import { describeDatabase, getDatabaseUrl } from '../db/url';
import { sweepAbandonedImportsEvery } from '../db/queries/datasets/sweep-imports';
import { seedDemo } from '../demo/seed-demo';
import { startRunWorker } from '../runs/queue/start-run-worker';
import { startReplayWorker } from '../replay/start-replay-worker';
import { startIngestWorker } from '../ingest/start-ingest-worker';

/** Seeds the demo under a lock: processes starting together on a new database (the app and a worker) seed it once. */
export const seedDemoOnce = (url: string, db: Db): Promise<boolean> => withStartupLock(url, 'seed', () => seedDemo(db));

/**
 * Database migrations, sign-in settings (TURNWISE_ADMIN_*), the sweep of abandoned imports and the demo seed, before the first request is served; then the
 * run and replay workers in the background (TURNWISE_WORKER=0 leaves them to `npm run worker`).
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
    const runsLog = (m: string) => console.log(`[runs] ${m}`);
    const replaysLog = (m: string) => console.log(`[replays] ${m}`);
    try {
      // A database that blinks as the server starts is waited for, as the workers wait for it later.
      const worker = await retryPassing('starting the run worker', () => startRunWorker({ db: getDb(), env, url: getDatabaseUrl(env), log: runsLog }), dbRetryOf(env, runsLog));
      runsLog(`worker ${worker.id} is taking runs from the ${worker.queue} queue`);
    } catch (error) {
      // The pages still work; runs wait in the queue for a worker.
      console.error(`[runs] the run worker did not start: ${(error as Error).message}`);
    }
    try {
      await retryPassing('starting the replay worker', () => startReplayWorker({ db: getDb(), env, url: getDatabaseUrl(env), log: replaysLog }), dbRetryOf(env, replaysLog));
    } catch (error) {
      console.error(`[replays] the replay worker did not start: ${(error as Error).message}`);
    }
    startIngestWorker({ db: getDb(), env, log: (m) => console.log(`[ingest] ${m}`) });
  }
}
