import pRetry from 'p-retry';
import type PgBoss from 'pg-boss';
import { attemptOnce } from '../jobs/pg-boss/queue-db';
import { getBoss } from '../jobs/pg-boss/boss';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from '../jobs/chunks';
import { envNumber } from '../jobs/env-number';

/** One pg-boss job: conversations [from, to) of a replay. */
export interface ReplayChunkJob {
  replayId: string;
  from: number;
  to: number;
}

export const REPLAY_CHUNK_QUEUE = 'turnwise-replay-chunks';
const RACE_CODES = new Set(['40P01', '23505']);
const created = new WeakSet<PgBoss>();

/** The process's pg-boss (the runs' one) with the replay chunk queue created. */
export async function getReplayBoss(url: string, env: Record<string, string | undefined>): Promise<PgBoss> {
  const boss = await getBoss(url, env);
  if (!created.has(boss)) {
    const options = { name: REPLAY_CHUNK_QUEUE, retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 6 * 60 * 60 };
    // Workers starting together race to create the queue (see lib/jobs/pg-boss/boss.ts).
    const settle = { retries: 5, minTimeout: 50, maxTimeout: 1000, randomize: true, shouldRetry: (error: Error) => RACE_CODES.has((error as { code?: string }).code ?? '') };
    await pRetry(() => boss.createQueue(REPLAY_CHUNK_QUEUE, options), settle);
    created.add(boss);
  }
  return boss;
}

/** Puts a replay on the queue, one job per TURNWISE_RUN_CHUNK_SIZE conversations; `round` tells a retry from the first pass. */
export async function enqueueReplayChunks(url: string, replay: { id: string; conversations: number; round?: string }, env: Record<string, string | undefined>): Promise<void> {
  // Asked for by a request: an error now, rather than a request that waits for the database.
  const boss = await attemptOnce(() => getReplayBoss(url, env));
  const ranges = chunkRanges(replay.conversations, envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE));
  await attemptOnce(() => boss.insert(
    ranges.map((range) => ({
      name: REPLAY_CHUNK_QUEUE,
      data: { replayId: replay.id, ...range } satisfies ReplayChunkJob,
      singletonKey: `${replay.id}:${range.from}${replay.round ? `:${replay.round}` : ''}`,
    })),
  ));
}
