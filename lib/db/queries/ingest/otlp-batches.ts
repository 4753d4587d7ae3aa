import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { inIds } from './ids-parameter';

export interface StoredBatch {
  id: string;
  /** The project whose key sent it: its facts and conversations are that project's. */
  projectId: string;
  /** Leases taken of it, this one included. */
  attempts: number;
  signal: string;
  encoding: string;
  gzip: boolean;
  body: Uint8Array;
}

/** Stored batches not processed yet (the receiver's backlog). Across projects: one backlog for the one worker lane. */
export function countPendingBatches(db: Db): Promise<number> {
  return db.otlpBatch.count({ where: { processedAt: null } });
}

/** Stores one request body of a project as it came (only the id comes back: returning the row would send the body back too). */
export async function storeBatch(db: Db, projectId: string, batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array }): Promise<void> {
  await db.otlpBatch.create({ data: { projectId, signal: batch.signal, encoding: batch.encoding, gzip: batch.gzip, body: new Uint8Array(batch.body), byteSize: batch.body.byteLength }, select: { id: true } });
}

/**
 * Up to `limit` unprocessed batches no other worker holds, oldest first, leased for `leaseMs`.
 * Across projects: the ingest worker takes every project's batches in the order received, each with its project.
 * The lease is one conditional UPDATE … RETURNING (of two workers, one gets a batch: the other's
 * update finds it leased); the bodies are read after it.
 */
export async function leasePendingBatches(db: Db, limit: number, leaseMs: number): Promise<StoredBatch[]> {
  const now = new Date();
  const free = { processedAt: null, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] };
  const candidates = await db.otlpBatch.findMany({ where: free, orderBy: { receivedAt: 'asc' }, take: limit, select: { id: true } });
  if (!candidates.length) return [];
  const leased = await db.otlpBatch.updateManyAndReturn({
    where: { id: { in: candidates.map((c) => c.id) }, ...free },
    data: { leaseUntil: new Date(Date.now() + leaseMs), attempts: { increment: 1 } },
    select: { id: true, projectId: true, attempts: true, signal: true, encoding: true, gzip: true, receivedAt: true },
  });
  const bodies = await bodiesOf(db, leased.map((b) => b.id));
  return leased.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime()).map(({ receivedAt: _, ...batch }) => ({ ...batch, body: bodies.get(batch.id) ?? new Uint8Array() }));
}

/** Stored bodies by batch id (across projects: the batches just leased). PostgreSQL's as base64 text: a bytea read through the client cost the worker four times the CPU. */
async function bodiesOf(db: Db, ids: string[]): Promise<Map<string, Uint8Array>> {
  if (!ids.length) return new Map();
  if (!isPostgresDb(db)) return new Map((await db.otlpBatch.findMany({ where: { id: { in: ids } }, select: { id: true, body: true } })).map((b) => [b.id, b.body]));
  const rows = await db.$queryRaw<{ id: string; body: string }[]>`SELECT "id", encode("body", 'base64') AS "body" FROM "OtlpBatch" WHERE ${inIds(true, '"id"', ids)}`;
  return new Map(rows.map((r) => [r.id, Buffer.from(r.body, 'base64')]));
}

/** Hands leased batches back unprocessed: a pass after `until` takes them again (across projects: the worker's own leases). */
export async function releaseBatches(db: Db, ids: string[], until: Date): Promise<void> {
  if (ids.length) await db.otlpBatch.updateMany({ where: { id: { in: ids }, processedAt: null }, data: { leaseUntil: until } });
}

/**
 * Marks batches processed, with the reason for those that failed (`error` not null), and the
 * services whose records each carried (their live datasets' retention keeps its body), in one
 * transaction (across projects: the worker's own leases).
 */
export async function markBatchesProcessed(db: Db, outcomes: Map<string, string | null>, at: Date, services: Map<string, Iterable<string>> = new Map()): Promise<void> {
  const clean = [...outcomes].filter(([, error]) => error === null).map(([id]) => id);
  const failed = [...outcomes].filter((e): e is [string, string] => e[1] !== null);
  const links = [...outcomes.keys()].flatMap((batchId) => [...new Set(services.get(batchId) ?? [])].map((service) => ({ batchId, service })));
  await db.$transaction([
    ...(clean.length ? [db.otlpBatch.updateMany({ where: { id: { in: clean } }, data: { processedAt: at, leaseUntil: null, error: null } })] : []),
    ...failed.map(([id, error]) => db.otlpBatch.update({ where: { id }, data: { processedAt: at, leaseUntil: null, error } })),
    ...(links.length ? [db.otlpBatchService.createMany({ data: links })] : []),
  ]);
}

/** Deletes these batches (processed ones whose bodies must not be kept; across projects: the worker's own). */
export async function deleteBatches(db: Db, ids: string[]): Promise<void> {
  if (ids.length) await db.otlpBatch.deleteMany({ where: { id: { in: ids } } });
}
