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

/** Stores one request body as it came (only the id comes back: returning the row would send the body back too). */
export async function storeBatch(db: Db, batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array }): Promise<void> {
  await db.otlpBatch.create({ data: { signal: batch.signal, encoding: batch.encoding, gzip: batch.gzip, body: new Uint8Array(batch.body), byteSize: batch.body.byteLength }, select: { id: true } });
}

/**
 * Up to `limit` unprocessed batches no other worker holds, oldest first, leased for `leaseMs`.
 * The lease is one conditional UPDATE … RETURNING (of two workers, one gets a batch: the other's
 * update finds it leased), which also reads the bodies.
 */
export async function leasePendingBatches(db: Db, limit: number, leaseMs: number): Promise<StoredBatch[]> {
  const now = new Date();
  const free = { processedAt: null, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
  const candidates = await db.otlpBatch.findMany({ where: free, orderBy: { receivedAt: 'asc' }, take: limit, select: { id: true } });
  if (!candidates.length) return [];
  const leased = await db.otlpBatch.updateManyAndReturn({
    where: { id: { in: candidates.map((c) => c.id) }, ...free },
    data: { leaseUntil: new Date(Date.now() + leaseMs), attempts: { increment: 1 } },
    select: { id: true, signal: true, encoding: true, gzip: true, body: true, receivedAt: true },
  });
  return leased.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map(({ receivedAt: _, ...batch }) => batch);
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
