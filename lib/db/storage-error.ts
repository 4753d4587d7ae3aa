import { AppError } from '../errors';

/** What a database error says about its storage: the disk is full, or the database takes no writes. */
type StorageProblem = { kind: 'full' } | { kind: 'read-only'; reason: string };

// Driver codes: SQLite's primary result codes (extended codes keep them in their low byte) and
// PostgreSQL's SQLSTATEs (53100 disk_full, 25006 read_only_sql_transaction).
const SQLITE_READONLY = 8;
const SQLITE_IOERR = 10;
const SQLITE_FULL = 13;
const SQLITE_CANTOPEN = 14;
const PG_DISK_FULL = '53100';
const PG_READ_ONLY = '25006';

interface DriverCause {
  originalCode?: unknown;
  originalMessage?: unknown;
  extendedCode?: unknown;
  rawCode?: unknown;
  code?: unknown;
  kind?: unknown;
  message?: unknown;
}

/** The driver's own error under Prisma's wrappers, if the error carries one. */
function driverCauseOf(error: Error): DriverCause | undefined {
  const meta = (error as { meta?: { driverAdapterError?: { cause?: DriverCause } } }).meta;
  return meta?.driverAdapterError?.cause ?? ((error as { cause?: unknown }).cause as DriverCause | undefined);
}

/** A short reason from the driver's message: no SQL, no parameters, one line. */
const reasonOf = (message: string): string =>
  message
    .slice(0, 500)
    .split('\n')[0]
    .replace(/^SQLITE_[A-Z_]+:\s*/, '')
    .trim()
    .slice(0, 200);

function classify(error: Error): StorageProblem | undefined {
  const cause = driverCauseOf(error);
  const code = cause?.originalCode ?? cause?.code ?? (error as { code?: unknown }).code;
  // The ingest thread's errors carry libsql's own fields (code, rawCode) with no Prisma wrapper.
  const extended = Number(cause?.extendedCode ?? (error as DriverCause).rawCode ?? code);
  const causeMessage = typeof cause?.originalMessage === 'string' ? cause.originalMessage : typeof cause?.message === 'string' ? cause.message : '';
  if (cause?.kind === 'sqlite' || /^SQLITE_/.test(String(code))) {
    if ((extended & 0xff) === SQLITE_FULL || code === 'SQLITE_FULL') return { kind: 'full' };
    if ((extended & 0xff) === SQLITE_READONLY || String(code).startsWith('SQLITE_READONLY')) return { kind: 'read-only', reason: reasonOf(causeMessage || error.message) };
    // The file's writes refused by the system (made immutable or unwritable under an open
    // connection: SQLITE_IOERR_WRITE), or the file not openable for writing: no write goes in.
    if ([SQLITE_IOERR, SQLITE_CANTOPEN].includes(extended & 0xff) || /^SQLITE_(IOERR|CANTOPEN)/.test(String(code))) return { kind: 'read-only', reason: `the database file cannot be written (${reasonOf(causeMessage || error.message)})` };
  }
  if (code === PG_DISK_FULL) return { kind: 'full' };
  if (code === PG_READ_ONLY) return { kind: 'read-only', reason: reasonOf(causeMessage || error.message) };
  // Prisma's message repeats the driver's; only its head is read (it may quote a long statement).
  const head = error.message.slice(0, 2000);
  if (/SQLITE_FULL|database or disk is full|could not extend file|No space left on device/i.test(head)) return { kind: 'full' };
  const readOnly = /SQLITE_READONLY[A-Z_]*:\s*([^\n`]*)|(attempt to write a readonly database)|(cannot execute [A-Z ]+ in a read-only transaction)/i.exec(head);
  if (readOnly) return { kind: 'read-only', reason: reasonOf(readOnly[1] || readOnly[2] || readOnly[3] || 'read-only') };
  return undefined;
}

/**
 * The database unable to store anything (its disk full: 507; the file or server read-only:
 * 503) as an AppError that says so; undefined for any other error. Nothing of the statement
 * or its values goes into the message.
 */
export function storageErrorOf(error: unknown): AppError | undefined {
  if (!(error instanceof Error)) return undefined;
  const problem = classify(error);
  if (!problem) return undefined;
  if (problem.kind === 'full') {
    return new AppError('DISK_FULL', "The disk is full: nothing was stored. Free space on the database's disk and try again.");
  }
  return new AppError('READ_ONLY', `The database is read-only: ${problem.reason}. Nothing was changed; make the database writable (file permissions, disk mount or server setting) and try again.`);
}
