import type { Db } from '../../db/db-types';
import { retryPassing, type DbRetry } from '../../db/retry-passing';
import { recordReplayTurns, type ReplayTurnOutcome } from '../../db/queries/replays/record-replay-turn';

/** How often finished turns are written: progress is never older than this (the pages poll every second). */
export const FLUSH_MS = 250;
const FLUSH_TURNS = 200;

/**
 * Finished turns written in batches, one transaction each, every FLUSH_MS or FLUSH_TURNS turns:
 * a transaction per turn held SQLite's one writer 2,000 times for 2,000 turns. A worker killed
 * between a reply and its flush loses at most that batch, generated again on resume (as a turn in
 * flight is). With `retry`, a batch the database refuses for a passing reason is written again
 * with back-off until it is stored.
 */
export function createTurnRecorder(db: Db, replayId: string, retry?: DbRetry) {
  let buffer: { position: number; turnIndex: number; outcome: ReplayTurnOutcome }[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let writing: Promise<void> = Promise.resolve();
  let stored = 0;
  let failure: Error | null = null;

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const batch = buffer;
    buffer = [];
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        const record = () => recordReplayTurns(db, replayId, batch);
        stored += await (retry ? retryPassing(`replay ${replayId}: storing turns`, record, retry) : record());
      } catch (error) {
        failure ??= error as Error;
      }
    });
    return writing;
  }

  return {
    add(position: number, turnIndex: number, outcome: ReplayTurnOutcome): void {
      buffer.push({ position, turnIndex, outcome });
      if (buffer.length >= FLUSH_TURNS) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    /** Writes what is buffered now; throws the first write failure, if any. */
    async flush(): Promise<void> {
      await flush();
      if (failure) throw failure;
    },
    /** Writes what is left; throws the first write failure, if any. Returns the turns stored. */
    async close(): Promise<number> {
      await flush();
      if (failure) throw failure;
      return stored;
    },
  };
}
