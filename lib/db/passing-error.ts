import { busyErrorOf } from './busy-error';

/**
 * A failure that says nothing of the data: the database busy or out of reach, a connection lost,
 * a transaction that ran past its time. The same work may succeed when tried again.
 */
export function isPassingDbError(error: unknown): boolean {
  if (busyErrorOf(error)) return true;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown };
  if (['P2028', 'P1001', 'P1002', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET'].includes(String(e?.code))) return true;
  const text = `${String(e?.message ?? '')} ${String((e?.cause as { message?: unknown })?.message ?? '')}`;
  return /ECONNREFUSED|ECONNRESET|Connection terminated|Can't reach database server|Timed out fetching a new connection/i.test(text);
}
