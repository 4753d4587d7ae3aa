import type PgBoss from 'pg-boss';
import { chunkRanges, DEFAULT_CHUNK_SIZE } from '../../jobs/chunks';
import { envNumber } from '../../jobs/env-number';
import { enqueueChunks, ensureChunkQueue, getBoss } from '../../jobs/pg-boss/boss';

/** One pg-boss job: conversations [from, to) of a run. */
export interface ChunkJob {
  runId: string;
  from: number;
  to: number;
}

export const CHUNK_QUEUE = 'turnwise-run-chunks';

/** The process's pg-boss with the run chunk queue made. */
export async function getRunBoss(url: string, env: Record<string, string | undefined>, log?: (line: string) => void): Promise<PgBoss> {
  const boss = await getBoss(url, env, log);
  await ensureChunkQueue(boss, CHUNK_QUEUE);
  return boss;
}

/**
 * Puts a run on the queue as one job per chunk of TURNWISE_RUN_CHUNK_SIZE conversations, taken
 * in turn with the runs queued before it (lib/jobs/pg-boss/boss.ts). `round` tells a later pass
 * over the same run (a re-run of its errored results) from the first.
 */
export function enqueueRunChunks(url: string, run: { id: string; conversations: number; round?: string }, env: Record<string, string | undefined> = process.env): Promise<number> {
  return enqueueChunks(url, env, {
    queue: CHUNK_QUEUE,
    ranges: chunkRanges(run.conversations, envNumber(env, 'TURNWISE_RUN_CHUNK_SIZE', DEFAULT_CHUNK_SIZE)),
    data: (range) => ({ runId: run.id, ...range }) satisfies ChunkJob,
    key: (range) => `${run.id}:${range.from}${run.round ? `:${run.round}` : ''}`,
  });
}
