import { AppError } from '../errors';
import { BUSY_RETRY_AFTER_S, busyErrorOf } from './busy-error';
import { storageErrorOf } from './storage-error';

/** What keeps the database from taking work for now; each passes without anything said of the data. */
export type PassingDbProblem = 'unreachable' | 'busy' | 'read-only' | 'full';

// PostgreSQL's SQLSTATEs of a server going away or not there yet: class 08 (connection exception),
// 57P01 admin_shutdown (a session ended, a restart), 57P02 crash_shutdown, 57P03 cannot_connect_now
// (starting up, in recovery), 53300 too_many_connections.
const PG_UNREACHABLE = /^(08\d{3}|08P01|57P0[123]|53300)$/;
// Prisma's own codes (P1001 can't reach, P1002 timed out, P1017 connection closed, P2024 no free
// connection) and the socket's; the driver adapter's kinds for the same.
const PRISMA_UNREACHABLE = new Set(['P1001', 'P1002', 'P1017', 'P2024', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const ADAPTER_UNREACHABLE = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
const UNREACHABLE_WORDS =
  /ECONNREFUSED|ECONNRESET|EPIPE|Can't reach database server|Connection terminated|Connection ended unexpectedly|terminating connection due to|server closed the connection|the database system is (starting up|shutting down|in recovery mode|not yet accepting)|Client has encountered a connection error|timeout exceeded when trying to connect|Timed out fetching a new connection|too many clients already/i;

interface Wrapped {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; kind?: unknown; code?: unknown } } };
}

/** The head of an error's own message and its cause's (Prisma repeats the driver's; only the start is read). */
const text = (e: Wrapped): string => `${String(e?.message ?? '').slice(0, 2000)} ${String((e?.cause as { message?: unknown })?.message ?? '').slice(0, 2000)}`;

/** The database out of reach: a PostgreSQL server down, restarting or refusing, a connection cut, a pool with no free connection. */
export function isUnreachableDbError(error: unknown): boolean {
  const e = error as Wrapped;
  if (!e || typeof e !== 'object') return false;
  const adapter = e.meta?.driverAdapterError?.cause;
  const codes = [e.code, (e.cause as Wrapped | undefined)?.code, adapter?.originalCode, adapter?.code].map((c) => String(c ?? ''));
  if (codes.some((c) => PG_UNREACHABLE.test(c) || PRISMA_UNREACHABLE.has(c))) return true;
  if (ADAPTER_UNREACHABLE.has(String(adapter?.kind ?? ''))) return true;
  return UNREACHABLE_WORDS.test(text(e));
}

/**
 * What keeps the database from taking work for now, or undefined for a failure that would repeat
 * (a bug, a constraint, bad data): out of reach, busy, read-only or its disk full. The same work
 * may succeed once the database is back, writable, or has room again.
 */
export function passingDbProblemOf(error: unknown): PassingDbProblem | undefined {
  if (busyErrorOf(error)) return 'busy';
  if (isUnreachableDbError(error)) return 'unreachable';
  const storage = storageErrorOf(error);
  if (storage) return storage.code === 'DISK_FULL' ? 'full' : 'read-only';
  // A transaction that ran past its time (Prisma's P2028) says nothing of the data either.
  return (error as Wrapped)?.code === 'P2028' ? 'busy' : undefined;
}

export const isPassingDbError = (error: unknown): boolean => passingDbProblemOf(error) !== undefined;

/** The database out of reach as the retryable BUSY error (503 with Retry-After); undefined for anything else. */
export function unreachableErrorOf(error: unknown): AppError | undefined {
  if (!isUnreachableDbError(error)) return undefined;
  return new AppError('BUSY', `The database cannot be reached; nothing was changed. Try again in ${BUSY_RETRY_AFTER_S} seconds.`);
}
