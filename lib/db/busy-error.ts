import { AppError } from '../errors';

/** Seconds a client is asked to wait before it tries again when the database is busy. */
export const BUSY_RETRY_AFTER_S = 5;

/**
 * The database too busy to take the request (a transaction that could not start in time, a
 * SQLite lock held past its timeout) as the retryable BUSY error; undefined for anything else.
 */
export function busyErrorOf(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  const busy =
    (code === 'P2028' && /unable to start a transaction/i.test(error.message)) ||
    code === 'P1008' ||
    // SQLITE_BUSY (another connection's write lock) and SQLITE_LOCKED (a table lock in this one).
    /^SQLITE_(BUSY|LOCKED)/.test(String(code)) ||
    /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i.test(error.message.slice(0, 2000));
  return busy ? new AppError('BUSY', `The database is busy with other work; nothing was changed. Try again in ${BUSY_RETRY_AFTER_S} seconds.`) : undefined;
}
