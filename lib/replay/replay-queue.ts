import type PgBoss from 'pg-boss';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from '../jobs/chunks';
import { envNumber } from '../jobs/env-number';
import { enqueueChunks, ensureChunkQueue, getBoss } from '../jobs/pg-boss/boss';

/** One pg-boss job: conversations [from, to) of a replay. */
export interface ReplayChunkJob {
  replayId: string;
  from: number;
  to: number;
}

export const REPLAY_CHUNK_QUEUE = 'turnwise-replay-chunks';

/** The process's pg-boss (the runs' one) with the replay chunk queue made. */
export async function getReplayBoss(url: string, env: Record<string, string | undefined>): Promise<PgBoss> {
  const boss = await getBoss(url, env);
  await ensureChunkQueue(boss, REPLAY_CHUNK_QUEUE);
  return boss;
}

/** Puts a replay on the queue, one job per TURNWISE_RUN_CHUNK_SIZE conversations, taken in turn with the replays before it; `round` tells a retry from the first pass. */
export async function enqueueReplayChunks(url: string, replay: { id: string; conversations: number; round?: string }, env: Record<string, string | undefined>): Promise<void> {
  await enqueueChunks(url, env, {
    queue: REPLAY_CHUNK_QUEUE,
    ranges: chunkRanges(replay.conversations, envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE)),
    data: (range) => ({ replayId: replay.id, ...range }) satisfies ReplayChunkJob,
    key: (range) => `${replay.id}:${range.from}${replay.round ? `:${replay.round}` : ''}`,
  });
}
