import type { Db } from '../db/db-types';
import { deleteDefaultBodies } from '../db/queries/retention/otlp-bodies';

/** Hours a processed batch's body is kept unless TURNWISE_OTLP_KEEP_HOURS (or its live dataset's retention) says otherwise. */
export const DEFAULT_KEEP_HOURS = 24;
/** Batches deleted a statement: a short delete at a time, so the receiver's inserts never wait long. */
export const DELETE_AT_ONCE = 500;
/** Batches deleted a pass at most; the rest wait for the next pass. */
export const DELETE_PER_PASS = 20_000;

/** TURNWISE_OTLP_KEEP_HOURS (hours, decimals allowed; 0 keeps every batch), else the default; null when it keeps them all. */
export function keepHoursOf(env: Record<string, string | undefined>): number | null {
  const raw = env.TURNWISE_OTLP_KEEP_HOURS?.trim();
  const hours = raw ? Number(raw) : DEFAULT_KEEP_HOURS;
  if (!Number.isFinite(hours) || hours < 0) throw new Error(`TURNWISE_OTLP_KEEP_HOURS must be a number of hours (0 keeps every batch), not "${raw}"`);
  return hours === 0 ? null : hours;
}

/**
 * Deletes the received OTLP bodies processed more than the kept hours ago that the server's
 * default applies to: their facts and conversations are stored, and at thousands of spans a
 * second the bodies would fill the disk (each 200-span body is 68 KB as sent). A body that
 * carried only records of services whose live datasets set their own retention of bodies
 * (`keptBy`) is theirs to delete. Unprocessed batches are never touched. How many went.
 */
export async function pruneProcessedBatches(db: Db, env: Record<string, string | undefined>, now = new Date(), keptBy: { projectId: string; service: string }[] = []): Promise<number> {
  const hours = keepHoursOf(env);
  if (hours === null) return 0;
  const before = new Date(now.getTime() - hours * 3_600_000);
  let deleted = 0;
  while (deleted < DELETE_PER_PASS) {
    const count = await deleteDefaultBodies(db, before, keptBy, DELETE_AT_ONCE);
    deleted += count;
    if (count < DELETE_AT_ONCE) break;
  }
  return deleted;
}
