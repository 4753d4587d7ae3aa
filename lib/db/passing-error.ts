import { busyErrorOf } from './busy-error';

const text = (e: { message?: unknown; cause?: unknown }): string => `${String(e?.message ?? '')} ${String((e?.cause as { message?: unknown })?.message ?? '')}`;

/** The database out of reach (a PostgreSQL server down or refusing, a pool with no free connection). */
export function isUnreachableDbError(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  return e?.code === 'P1001' || e?.code === 'P2024' || e?.code === 'ECONNREFUSED' || /ECONNREFUSED|Can't reach database server|Connection terminated|Timed out fetching a new connection/i.test(text(e));
}

/**
 * A failure that says nothing of the data: the database busy or out of reach, a connection lost,
 * a transaction that ran past its time. The same work may succeed when tried again.
 */
export function isPassingDbError(error: unknown): boolean {
  if (busyErrorOf(error) || isUnreachableDbError(error)) return true;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  return ['P2028', 'P1002', 'P1017', 'ECONNRESET'].includes(String(e?.code)) || /ECONNRESET/i.test(text(e));
}
