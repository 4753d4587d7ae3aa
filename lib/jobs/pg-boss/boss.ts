import PgBoss from 'pg-boss';
import pRetry from 'p-retry';
import { isPassingDbError } from '../../db/passing-error';
import { attemptOnce, createQueueDb, type QueueDb } from './queue-db';
import { envNumber } from '../env-number';

const RACE_CODES = new Set(['40P01', '23505']);

/** The longest a chunk job may run, alive or not. */
const CHUNK_CEILING_SECONDS = 6 * 60 * 60;

/** How long a worker may stay silent on its chunk before the chunk is given to another (TURNWISE_CHUNK_EXPIRE_SECONDS). */
export const chunkLeaseSeconds = (env: Record<string, string | undefined>): number => envNumber(env, 'TURNWISE_CHUNK_EXPIRE_SECONDS', 300);

const globalForBoss = globalThis as unknown as {
  turnwiseBoss?: Map<string, Promise<PgBoss>>;
  turnwiseQueueDbs?: WeakMap<PgBoss, QueueDb>;
  turnwiseChunkQueues?: WeakMap<PgBoss, Map<string, Promise<void>>>;
};
const queueDbs = (globalForBoss.turnwiseQueueDbs ??= new WeakMap());
const chunkQueues = (globalForBoss.turnwiseChunkQueues ??= new WeakMap());

/** The connections a boss of getBoss works through (queue-db.ts). */
export function queueDbOf(boss: PgBoss): QueueDb {
  const db = queueDbs.get(boss);
  if (!db) throw new Error('this pg-boss was not made by getBoss');
  return db;
}

const queueLog = (line: string) => console.error(`${new Date().toISOString()} ${line}`);

/**
 * The process's pg-boss on a PostgreSQL database, started once (it installs its own schema,
 * "pgboss", on first use); every kind's chunk queue is made on it (ensureChunkQueue). Its
 * statements wait out a database that blinks (queue-db.ts); `log` (the first caller's) is
 * told when it goes and comes back. Started inside attemptOnce (a request), it fails instead.
 */
export function getBoss(url: string, env: Record<string, string | undefined> = process.env, log: (line: string) => void = queueLog): Promise<PgBoss> {
  const bosses = (globalForBoss.turnwiseBoss ??= new Map());
  let boss = bosses.get(url);
  if (!boss) {
    boss = (async () => {
      const db = createQueueDb(url, env, log);
      const instance = new PgBoss({
        db,
        // Expired jobs are found at maintenance: how soon a dead worker's chunk is taken again.
        maintenanceIntervalSeconds: envNumber(env, 'TURNWISE_QUEUE_MAINTENANCE_SECONDS', 30),
      });
      queueDbs.set(instance, db);
      // What is left once the statements wait out passing failures (the queue's log says those): a bug, a refusal.
      instance.on('error', (error) => {
        if (!isPassingDbError(error)) log(`queue: pg-boss: ${error.message}`);
      });
      try {
        await instance.start();
      } catch (error) {
        await db.close();
        throw error;
      }
      return instance;
    })();
    boss.catch(() => bosses.delete(url));
    bosses.set(url, boss);
  }
  return boss;
}

/**
 * A kind's chunk queue on the boss, made once per process. A chunk whose worker died is retried
 * once its worker has been silent for TURNWISE_CHUNK_EXPIRE_SECONDS (300) (failSilentJobs); the
 * retry skips what the chunk stored. A live worker says so however slow its chunk (keepJobAlive).
 */
export function ensureChunkQueue(boss: PgBoss, name: string): Promise<void> {
  const made = chunkQueues.get(boss) ?? new Map<string, Promise<void>>();
  chunkQueues.set(boss, made);
  let queue = made.get(name);
  if (!queue) {
    queue = (async () => {
      const options = {
        name,
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        // pg-boss 10 fails a job whose handler runs longer than this, alive or not: a ceiling
        // only. A dead worker is found sooner by its silence (failSilentJobs).
        expireInSeconds: CHUNK_CEILING_SECONDS,
      };
      // Workers starting together race to create the queue; PostgreSQL then aborts one of
      // them as a deadlock (40P01) or a duplicate (23505). Creating it again settles it.
      const settle = { retries: 5, minTimeout: 50, maxTimeout: 1000, randomize: true, shouldRetry: (error: Error) => RACE_CODES.has((error as { code?: string }).code ?? '') };
      await pRetry(() => boss.createQueue(name, options), settle);
      // A queue made by an older version keeps its options otherwise.
      await pRetry(() => boss.updateQueue(name, options), settle);
    })();
    queue.catch(() => made.delete(name));
    made.set(name, queue);
  }
  return queue;
}

/**
 * A lease on a chunk job while this worker is on it, however slow the chunk: pg-boss 10 has no
 * heartbeat of its own, so the job's start time is moved forward three times per lease period,
 * and failSilentJobs gives the chunk of a silent (dead) worker to another. Without it a chunk
 * slower than a fixed expiry was handed to a second worker and judged twice. Returns the stop.
 */
export function keepJobAlive(boss: PgBoss, job: { id: string; name: string }, leaseSeconds: number): () => void {
  const everyMs = Math.max(500, Math.min(60_000, (leaseSeconds * 1000) / 3));
  const db = queueDbOf(boss);
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    db.query(`UPDATE pgboss.job SET started_on = now() WHERE name = $1 AND id = $2 AND state = 'active'`, [job.name, job.id])
      // A database away is said once by the queue's log; the lease is renewed at the next turn once it is back.
      .catch((error: Error) => isPassingDbError(error) || console.error(`pg-boss: could not keep job ${job.id} alive: ${error.message}`))
      .finally(() => (renewing = false));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Fails the active chunk jobs whose worker stopped renewing its lease (killed, frozen, cut off),
 * so pg-boss retries them on a live worker; every worker runs this now and then, never for the
 * jobs it holds itself (`own`). Nothing is handed back until a full lease has passed since this
 * process saw the database come back from an outage: every worker was as cut off as it was, and
 * renews its leases within a third of that. Returns how many.
 */
export async function failSilentJobs(boss: PgBoss, leaseSeconds: number, queue: string, own: readonly string[] = []): Promise<number> {
  const db = queueDbOf(boss);
  if (db.down || (db.backAt !== null && Date.now() - db.backAt < leaseSeconds * 1000)) return 0;
  const { rows } = await db.query(
    `SELECT id FROM pgboss.job WHERE name = $1 AND state = 'active' AND started_on < now() - make_interval(secs => $2) AND NOT (id = ANY($3::uuid[]))`,
    [queue, leaseSeconds, own],
  );
  const ids = rows.map((r: { id: string }) => r.id);
  const why = { message: `its worker was silent for more than ${leaseSeconds} s (TURNWISE_CHUNK_EXPIRE_SECONDS)` };
  for (const id of ids) await boss.fail(queue, id, why);
  return ids.length;
}

/** Stops this process's pg-boss on `url`, letting jobs in progress finish (tests, worker shutdown). */
export async function stopBoss(url: string): Promise<void> {
  const boss = globalForBoss.turnwiseBoss?.get(url);
  if (!boss) return;
  globalForBoss.turnwiseBoss?.delete(url);
  const instance = await boss.catch(() => null);
  if (!instance) return;
  const db = queueDbOf(instance);
  // A database away at shutdown: the jobs in progress are not failed, and are handed back by their silence.
  const giveUp = setTimeout(() => void db.close(), 30_000);
  try {
    await instance.stop({ graceful: true, wait: true, timeout: 30_000 });
  } catch (error) {
    console.error(`pg-boss: stopped with an error: ${(error as Error).message}`);
  } finally {
    clearTimeout(giveUp);
    await db.close();
  }
}

/**
 * Puts a piece of work on its kind's queue, one job per range of conversations, taken round-robin
 * with the work already queued: pg-boss takes the highest priority first, so the first chunk of
 * new work gets the priority of the next chunk waiting in the queue, and each chunk after it one
 * less. A run queued behind another scores its first chunk after the other's next one, not after
 * all of it (the engine's fairness rule within a kind; between kinds, each has its own queue and
 * its own slots). `key` makes a chunk singular (enqueued twice, it is queued once).
 */
export async function enqueueChunks<D extends object>(
  url: string,
  env: Record<string, string | undefined>,
  work: { queue: string; ranges: readonly { from: number; to: number }[]; data: (range: { from: number; to: number }) => D; key: (range: { from: number; to: number }) => string },
): Promise<number> {
  // Asked for by a request: an error now, rather than a request that waits for the database.
  const boss = await attemptOnce(() => getBoss(url, env));
  await attemptOnce(() => ensureChunkQueue(boss, work.queue));
  const { rows } = await attemptOnce(() =>
    queueDbOf(boss).executeSql(`SELECT max(priority)::int AS head FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry')`, [work.queue]),
  );
  const head = Number(rows[0]?.head ?? 0);
  await attemptOnce(() =>
    boss.insert(
      work.ranges.map((range, i) => ({
        name: work.queue,
        data: work.data(range),
        singletonKey: work.key(range),
        priority: head - i,
      })),
    ),
  );
  return work.ranges.length;
}
