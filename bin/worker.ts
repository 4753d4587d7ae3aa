/*
 * A run, replay and OTLP ingest worker process: `npm run worker`. On PostgreSQL, start as many as you like, on this
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
import { getDatabaseUrl } from '../lib/db/url';
import { startRunWorker, stopRunWorker } from '../lib/runs/queue/start-run-worker';
import { startReplayWorker } from '../lib/replay/start-replay-worker';
import { startIngestWorker } from '../lib/ingest/start-ingest-worker';
import { surviveDatabaseBlinks } from '../lib/server/survive-database-blinks';
import { lowerWorkerPriority } from '../lib/server/worker-priority';

const log = (message: string) => console.log(`${new Date().toISOString()} ${message}`);

lowerWorkerPriority(process.env, log);
surviveDatabaseBlinks(log);
// A database that is away, starting up or read-only when the worker starts is waited for.
const starting = dbRetryOf(process.env, log);
await retryPassing('worker: preparing the database', () => ensureDatabase(), starting);
const worker = await retryPassing('worker: starting', () => startRunWorker({ db: getDb(), env: process.env, url: getDatabaseUrl(), log }), starting);
log(`worker ${worker.id} is taking runs from the ${worker.queue} queue`);
await retryPassing('worker: starting replays', () => startReplayWorker({ db: getDb(), env: process.env, url: getDatabaseUrl(), log }), starting);
startIngestWorker({ db: getDb(), env: process.env, log });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log(`${signal}: handing runs in progress back to the queue`);
  await stopRunWorker();
  await disconnectDb();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
