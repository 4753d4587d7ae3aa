import type PgBoss from 'pg-boss';
import { redactSecrets } from '../../redact-secrets';
import { failSilentJobs, keepJobAlive } from './pg-boss-queue';

/** One pg-boss chunk job: conversations [from, to) of a piece of work (a run, a replay). */
export interface ChunkJobData {
  from: number;
  to: number;
}

export interface PgBossChunkWorkerOptions<J extends ChunkJobData> {
  /** What the log lines call the work ("run", "replay"). */
  noun: string;
  boss: PgBoss;
  queue: string;
  workerId: string;
  log: (line: string) => void;
  /** Chunk jobs at once in this process. */
  jobs: number;
  leaseSeconds: number;
  /** The work a job belongs to. */
  workOf: (job: J) => string;
  /** Marks the work started; false when nothing is left to do (it closes a cancelled one itself). */
  begin: (id: string) => Promise<boolean>;
  /** Read every second while a chunk runs: why to stop it now ('cancelled', 'failed'), else null. */
  stopReason: (id: string) => Promise<string | null>;
  /** The chunk's work until its end or the signal; returns what it did, for the log ("scored 3 item(s)"). */
  execute: (job: J, signal: AbortSignal) => Promise<string>;
  /** The chunk was stopped by stopReason's answer (not by a shutdown): closes what that needs. */
  stopped: (id: string, reason: string) => Promise<void>;
  /** The chunk ended whole: closes the work if nothing of it is left. */
  settle: (id: string) => Promise<void>;
  /** Ends the work failed (its last attempt failed, or a failure no retry would mend). */
  fail: (id: string, message: string) => Promise<unknown>;
  /** A failure a retry would repeat: the work fails at once. */
  isFinal?: (error: unknown) => boolean;
  /** More to do at each supervision, after the chunks of silent workers are handed back. */
  sweep?: () => Promise<void>;
}

/**
 * The loop of a PostgreSQL worker (runs, replays), as lease-worker.ts is SQLite's: takes chunk
 * jobs from the queue, keeps each alive while it runs (a dead worker's chunk is handed back by
 * its silence), stops one within a second of a cancel, retries a failed chunk through pg-boss
 * and fails the work on its last attempt.
 */
export async function startPgBossChunkWorker<J extends ChunkJobData>(options: PgBossChunkWorkerOptions<J>): Promise<{ wake(): void; active(): number; stop(): Promise<void> }> {
  const { noun, boss, queue, workerId, log, leaseSeconds } = options;
  const controllers = new Set<AbortController>();

  let sweeping = false;
  const supervise = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      const handed = await failSilentJobs(boss, leaseSeconds, queue);
      if (handed > 0) log(`handed ${handed} ${noun} chunk(s) of silent workers back to the queue`);
      await options.sweep?.();
    })()
      .catch((error: Error) => log(`could not look for silent workers' ${noun} chunks: ${error.message}`))
      .finally(() => (sweeping = false));
  }, Math.max(1000, Math.min(60_000, (leaseSeconds * 1000) / 2)));
  supervise.unref();

  async function runChunk(job: PgBoss.JobWithMetadata<J>): Promise<void> {
    const id = options.workOf(job.data);
    const { from, to } = job.data;
    if (!(await options.begin(id))) return;
    const controller = new AbortController();
    controllers.add(controller);
    const stopKeepingAlive = keepJobAlive(boss, job, leaseSeconds);
    let checking = false;
    const watch = setInterval(() => {
      if (checking) return;
      checking = true;
      options
        .stopReason(id)
        .then((reason) => reason && controller.abort(reason))
        .catch(() => undefined)
        .finally(() => (checking = false));
    }, 1000);
    try {
      const done = await options.execute(job.data, controller.signal);
      log(`${noun} ${id}: chunk ${from}–${to} ${done} on ${workerId}`);
      if (controller.signal.aborted) {
        if (controller.signal.reason === 'shutdown') throw new Error('worker stopped before the chunk was done');
        await options.stopped(id, String(controller.signal.reason));
        return;
      }
      await options.settle(id);
    } catch (error) {
      // Some database errors carry their words in a code and meta only: never log an empty line.
      const e = error as Error & { code?: string };
      const message = redactSecrets(e.message?.trim() || `${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${String(error)}`);
      log(`${noun} ${id}: chunk ${from}–${to} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${message}`);
      if (options.isFinal?.(error)) {
        await options.fail(id, message).catch(() => undefined);
        return;
      }
      if (job.retryCount >= job.retryLimit) await options.fail(id, message).catch(() => undefined);
      throw error;
    } finally {
      stopKeepingAlive();
      clearInterval(watch);
      controllers.delete(controller);
    }
  }

  const workIds: string[] = [];
  for (let i = 0; i < options.jobs; i++) {
    workIds.push(await boss.work<J>(queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => runChunk(job)));
  }
  return {
    wake: () => workIds.forEach((workId) => boss.notifyWorker(workId)),
    active: () => controllers.size,
    async stop() {
      clearInterval(supervise);
      for (const controller of controllers) controller.abort('shutdown');
      for (const workId of workIds) await boss.offWork({ id: workId });
    },
  };
}
