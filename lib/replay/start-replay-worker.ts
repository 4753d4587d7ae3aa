import { providerOf } from '../db/url';
import { stopWithRunWorker } from '../runs/queue/start-run-worker';
import { startPgBossReplayWorker } from './pg-boss-replay-worker';
import { localReplayWorker, setLocalReplayWorker, type ReplayWorker } from './replay-worker-registry';
import { startSqliteReplayWorker, type ReplayWorkerOptions } from './sqlite-replay-worker';

/** Starts this process's replay worker (one per process; a second call returns the first). */
export async function startReplayWorker(options: ReplayWorkerOptions & { url: string }): Promise<ReplayWorker> {
  const running = localReplayWorker();
  if (running) return running;
  const worker = providerOf(options.url) === 'postgres' ? await startPgBossReplayWorker(options) : startSqliteReplayWorker(options);
  setLocalReplayWorker(worker);
  // Whoever stops the process's run worker (shutdown, tests) stops this one too.
  stopWithRunWorker(stopReplayWorker);
  return worker;
}

/** Stops this process's replay worker; replays in progress are handed back to the queue. */
export async function stopReplayWorker(): Promise<void> {
  const worker = localReplayWorker();
  setLocalReplayWorker(undefined);
  await worker?.stop();
}
