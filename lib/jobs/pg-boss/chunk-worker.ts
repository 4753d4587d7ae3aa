import { setMaxListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type PgBoss from 'pg-boss';
import { isPassingDbError } from '../../db/passing-error';
import { backoffMs, dbRetryOf, describePassing, retryPassing } from '../../db/retry-passing';
import { redactSecrets } from '../../redact-secrets';
import { registerHeldJobs } from '../held-jobs';
import { failSilentJobs, keepJobAlive } from './boss';

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
  /** The back-off settings for a database that blinks (TURNWISE_DB_RETRY_MIN_MS, TURNWISE_DB_RETRY_MAX_MS). */
  env: Record<string, string | undefined>;
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
 *
 * A database that blinks (away, restarting, read-only, full) is no failure of the chunk: its
 * steps wait for the database with back-off and the chunk goes on in the same job, so no attempt
 * is spent on it and no other worker is given it (the results it stored are not scored again).
 */
export async function startPgBossChunkWorker<J extends ChunkJobData>(options: PgBossChunkWorkerOptions<J>): Promise<{ wake(): void; active(): number; stop(): Promise<void> }> {
  const { noun, boss, queue, workerId, log, leaseSeconds } = options;
  /** The chunks in progress here, and the work each belongs to. */
  const controllers = new Map<AbortController, string>();
  // A cancel made in this process stops its chunks at once, not at their next status check.
  const unregister = registerHeldJobs(noun, (id) => {
    let held = false;
    for (const [controller, workId] of controllers) {
      if (workId !== id) continue;
      controller.abort('cancelled');
      held = true;
    }
    return held;
  });
  const held = new Set<string>();
  const stopping = new AbortController();
  // One listener per step of a chunk waiting for the database.
  setMaxListeners(0, stopping.signal);
  const retry = dbRetryOf(options.env, log, stopping.signal);

  let sweeping = false;
  const supervise = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    (async () => {
      const handed = await failSilentJobs(boss, leaseSeconds, queue, [...held]);
      if (handed > 0) log(`handed ${handed} ${noun} chunk(s) of silent workers back to the queue`);
      await options.sweep?.();
    })()
      // A database away is said by the queue's log; the next supervision looks again.
      .catch((error: Error) => isPassingDbError(error) || log(`could not look for silent workers' ${noun} chunks: ${error.message}`))
      .finally(() => (sweeping = false));
  }, Math.max(1000, Math.min(60_000, (leaseSeconds * 1000) / 2)));
  supervise.unref();

  /** The chunk's work until its end or the signal, done again while the database fails it for a passing reason. */
  async function executeThroughBlinks(job: PgBoss.JobWithMetadata<J>, id: string, signal: AbortSignal): Promise<string> {
    const { from, to } = job.data;
    for (let attempt = 1; ; attempt++) {
      try {
        return await options.execute(job.data, signal);
      } catch (error) {
        if (!isPassingDbError(error) || signal.aborted) throw error;
        const wait = backoffMs(attempt, retry);
        if (attempt === 1) log(`${noun} ${id}: chunk ${from}–${to} stopped: ${describePassing(error)}; it goes on once the database is back`);
        await sleep(wait, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  async function runChunk(job: PgBoss.JobWithMetadata<J>): Promise<void> {
    const id = options.workOf(job.data);
    const { from, to } = job.data;
    const step = <T>(what: string, fn: () => Promise<T>) => retryPassing(`${noun} ${id}: ${what}`, fn, retry);
    // The lease is kept from the job's first moment: starting the work may wait for the database.
    held.add(job.id);
    const stopKeepingAlive = keepJobAlive(boss, job, leaseSeconds);
    let begun = false;
    try {
      begun = await step('starting', () => options.begin(id));
    } finally {
      if (!begun) {
        held.delete(job.id);
        stopKeepingAlive();
      }
    }
    if (!begun) return;
    const controller = new AbortController();
    controllers.set(controller, id);
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
      const done = await executeThroughBlinks(job, id, controller.signal);
      log(`${noun} ${id}: chunk ${from}–${to} ${done} on ${workerId}`);
      if (controller.signal.aborted) {
        if (controller.signal.reason === 'shutdown') throw new Error('worker stopped before the chunk was done');
        await step('closing', () => options.stopped(id, String(controller.signal.reason)));
        return;
      }
      await step('closing', () => options.settle(id));
    } catch (error) {
      // Some database errors carry their words in a code and meta only: never log an empty line.
      const e = error as Error & { code?: string };
      const message = redactSecrets(e.message?.trim() || `${e.name ?? 'Error'}${e.code ? ` ${e.code}` : ''}: ${String(error)}`);
      log(`${noun} ${id}: chunk ${from}–${to} failed (attempt ${job.retryCount + 1} of ${job.retryLimit + 1}): ${message}`);
      if (options.isFinal?.(error)) {
        await step('failing', () => options.fail(id, message)).catch(() => undefined);
        return;
      }
      if (job.retryCount >= job.retryLimit) await step('failing', () => options.fail(id, message)).catch(() => undefined);
      throw error;
    } finally {
      stopKeepingAlive();
      clearInterval(watch);
      controllers.delete(controller);
      held.delete(job.id);
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
      unregister();
      stopping.abort();
      for (const controller of controllers.keys()) controller.abort('shutdown');
      for (const workId of workIds) await boss.offWork({ id: workId });
    },
  };
}
