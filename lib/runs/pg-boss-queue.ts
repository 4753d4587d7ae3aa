import PgBoss from 'pg-boss';
import pRetry from 'p-retry';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from './run-chunks';
import { envNumber } from './run-worker';

/** One pg-boss job: conversations [from, to) of a run. */
export interface ChunkJob {
  runId: string;
  from: number;
  to: number;
}

export const CHUNK_QUEUE = 'turnwise-run-chunks';

const RACE_CODES = new Set(['40P01', '23505']);

const globalForBoss = globalThis as unknown as { turnwiseBoss?: Map<string, Promise<PgBoss>> };

/**
 * The process's pg-boss on a PostgreSQL database, started once (it installs its own schema,
 * "pgboss", on first use) with the chunk queue created. A chunk whose worker died is
 * retried once its job expires (TURNWISE_CHUNK_EXPIRE_SECONDS, 300); the retry skips the
 * results already stored.
 */
export function getBoss(url: string, env: Record<string, string | undefined> = process.env): Promise<PgBoss> {
  const bosses = (globalForBoss.turnwiseBoss ??= new Map());
  let boss = bosses.get(url);
  if (!boss) {
    boss = (async () => {
      const instance = new PgBoss({ connectionString: url, max: 4, application_name: 'turnwise-queue', maintenanceIntervalSeconds: 30 });
      instance.on('error', (error) => console.error(`pg-boss: ${error.message}`));
      await instance.start();
      const options = {
        name: CHUNK_QUEUE,
        retryLimit: 3,
        retryDelay: 5,
        retryBackoff: true,
        expireInSeconds: envNumber(env, 'TURNWISE_CHUNK_EXPIRE_SECONDS', 300),
      };
      // Workers starting together race to create the queue; PostgreSQL then aborts one of
      // them as a deadlock (40P01) or a duplicate (23505). Creating it again settles it.
      await pRetry(() => instance.createQueue(CHUNK_QUEUE, options), {
        retries: 5,
        minTimeout: 50,
        maxTimeout: 1000,
        randomize: true,
        shouldRetry: (error) => RACE_CODES.has((error as { code?: string }).code ?? ''),
      });
      return instance;
    })();
    boss.catch(() => bosses.delete(url));
    bosses.set(url, boss);
  }
  return boss;
}

/** Stops this process's pg-boss on `url`, letting jobs in progress finish (tests, worker shutdown). */
export async function stopBoss(url: string): Promise<void> {
  const boss = globalForBoss.turnwiseBoss?.get(url);
  if (!boss) return;
  globalForBoss.turnwiseBoss?.delete(url);
  await (await boss).stop({ graceful: true, wait: true, timeout: 30_000 });
}

/**
 * Puts a run on the queue as one job per chunk of TURNWISE_RUN_CHUNK_SIZE conversations.
 * `round` tells a later pass over the same run (a re-run of its errored results) from the first.
 */
export async function enqueueRunChunks(
  url: string,
  run: { id: string; conversations: number; round?: string },
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const boss = await getBoss(url, env);
  const ranges = chunkRanges(run.conversations, envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE));
  await boss.insert(
    ranges.map((range) => ({
      name: CHUNK_QUEUE,
      data: { runId: run.id, ...range } satisfies ChunkJob,
      singletonKey: `${run.id}:${range.from}${run.round ? `:${run.round}` : ''}`,
    })),
  );
  return ranges.length;
}
