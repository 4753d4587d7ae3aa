/*
 * A worker process for every kind of background work (runs, replays, OTLP ingest, online
 * scoring: lib/server/job-kinds.ts): `npm run worker`. On PostgreSQL, start as many as you like, on this
 * machine or others with the same DATABASE_URL: they share runs chunk by chunk through
 * pg-boss. On SQLite it works beside (or instead of) the app server's own worker. The judge
 * configuration (OPENAI_API_KEY, TURNWISE_JUDGES, …) must be the same as the app's. It lives
 * through the database going away, restarting, turning read-only or filling its disk: its loops
 * wait with back-off and go on (docs/deployment.md, "When the database blinks").
 */
import 'dotenv/config';
import { disconnectDb, getDb } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { dbRetryOf, retryPassing } from '../lib/db/retry-passing';
import { describeWorkers, startWorkers, stopWorkers } from '../lib/jobs/worker-manager';
import { jobKinds } from '../lib/server/job-kinds';
import { surviveDatabaseBlinks } from '../lib/server/survive-database-blinks';
import { lowerWorkerPriority } from '../lib/server/worker-priority';

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);

lowerWorkerPriority(process.env, log);
surviveDatabaseBlinks(log);
// A database that is away, starting up or read-only when the worker starts is waited for.
const starting = dbRetryOf(process.env, log);
await retryPassing('worker: preparing the database', () => ensureDatabase(), starting);
const workers = await startWorkers(process.env, { db: getDb(), kinds: jobKinds(), log });
log(describeWorkers(workers));

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: handing runs in progress back to the queue`);
  await stopWorkers();
  await disconnectDb();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
