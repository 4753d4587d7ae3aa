import type { Db } from '../db/db-types';
import { countPendingBatches } from '../db/queries/ingest/otlp-batches';

/** How long a count far below the limit stands for the backlog before it is counted again. */
const RECOUNT_MS = 1_000;

const counted = new WeakMap<Db, { at: number; count: number }>();

/**
 * The stored batches waiting to be processed, as the receiver needs it to refuse a request when
 * the backlog is full: counted again near the limit (at half of it or more) or after RECOUNT_MS,
 * else the last count plus the bodies this process stored since. A count per request cost more
 * than storing the body.
 */
export async function pendingBatches(db: Db, limit: number): Promise<number> {
  const last = counted.get(db);
  if (last && Date.now() - last.at < RECOUNT_MS && last.count < limit / 2) return last.count;
  const count = await countPendingBatches(db);
  counted.set(db, { at: Date.now(), count });
  return count;
}

/** One more body stored by this process since the last count. */
export function notePendingBatch(db: Db): void {
  const last = counted.get(db);
  if (last) last.count += 1;
}
