import type { Db } from '../../db-types';

export interface StoredBatch {
  id: string;
  signal: string;
  encoding: string;
  gzip: boolean;
  body: Uint8Array;
}

/** Stored batches not processed yet (the receiver's backlog). */
export function countPendingBatches(db: Db): Promise<number> {
  return db.otlpBatch.count({ where: { processedAt: null } });
}

/** Stores one request body as it came. */
export async function storeBatch(db: Db, batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array }): Promise<void> {
  await db.otlpBatch.create({ data: { signal: batch.signal, encoding: batch.encoding, gzip: batch.gzip, body: new Uint8Array(batch.body), byteSize: batch.body.byteLength } });
}

/**
 * Up to `limit` unprocessed batches no other worker holds, oldest first, leased for `leaseMs`.
 * Each lease is a conditional update (of two workers, one gets a batch); all of them go in one
 * transaction, one commit.
 */
export async function leasePendingBatches(db: Db, limit: number, leaseMs: number): Promise<StoredBatch[]> {
  const now = new Date();
  const candidates = await db.otlpBatch.findMany({
    where: { processedAt: null, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { receivedAt: 'asc' },
    take: limit,
    select: { id: true, leaseUntil: true },
  });
  if (!candidates.length) return [];
  const leaseUntil = new Date(Date.now() + leaseMs);
  const taken = await db.$transaction(
    candidates.map((c) =>
      db.otlpBatch.updateMany({ where: { id: c.id, processedAt: null, leaseUntil: c.leaseUntil }, data: { leaseUntil, attempts: { increment: 1 } } }),
    ),
  );
  const leased = candidates.filter((_, i) => taken[i].count > 0).map((c) => c.id);
  if (!leased.length) return [];
  return db.otlpBatch.findMany({ where: { id: { in: leased } }, orderBy: { receivedAt: 'asc' }, select: { id: true, signal: true, encoding: true, gzip: true, body: true } });
}

/** Marks batches processed, with the reason for those that failed (`error` not null), in one transaction. */
export async function markBatchesProcessed(db: Db, outcomes: Map<string, string | null>, at: Date): Promise<void> {
  const clean = [...outcomes].filter(([, error]) => error === null).map(([id]) => id);
  const failed = [...outcomes].filter((e): e is [string, string] => e[1] !== null);
  await db.$transaction([
    ...(clean.length ? [db.otlpBatch.updateMany({ where: { id: { in: clean } }, data: { processedAt: at, leaseUntil: null, error: null } })] : []),
    ...failed.map(([id, error]) => db.otlpBatch.update({ where: { id }, data: { processedAt: at, leaseUntil: null, error } })),
  ]);
}
