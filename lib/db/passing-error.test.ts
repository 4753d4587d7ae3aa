import { describe, expect, it } from 'vitest';
import { passingDbProblemOf } from './passing-error';

// Errors in the shapes the drivers give them: pg's own (pg-boss's statements), Prisma's over its
// driver adapters, and libsql's from the OTLP writer thread (code and raw code, no wrapper).
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const prismaPg = (originalCode: string, message: string) =>
  Object.assign(new Error(`Invalid \`db.otlpBatch.create()\` invocation:\n\n${message}`), { code: 'P2010', meta: { driverAdapterError: { cause: { originalCode, originalMessage: message, kind: 'postgres' } } } });
const prismaSqlite = (rawCode: number, message: string) =>
  Object.assign(new Error(`Database error. Code: \`${rawCode}\`. Message: \`${message}\``), { code: 'P2039', meta: { driverAdapterError: { cause: { originalCode: String(rawCode), originalMessage: message, kind: 'sqlite', extendedCode: rawCode } } } });
const thread = (code: string, rawCode: number, message: string) => Object.assign(new Error(`${code}: ${message}`), { code, rawCode });

describe('passingDbProblemOf', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }), 'unreachable'],
    ['a connection cut mid-query', new Error('Connection terminated unexpectedly'), 'unreachable'],
    ['a session ended by a restart (57P01)', pgError('57P01', 'terminating connection due to administrator command'), 'unreachable'],
    ['a server starting up (57P03)', prismaPg('57P03', 'the database system is starting up'), 'unreachable'],
    ['no connection left (53300)', prismaPg('53300', 'sorry, too many clients already'), 'unreachable'],
    ["Prisma's can't reach (P1001)", Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' }), 'unreachable'],
    ['a read-only transaction (25006)', pgError('25006', 'cannot execute UPDATE in a read-only transaction'), 'read-only'],
    ['a full disk on PostgreSQL (53100)', prismaPg('53100', 'could not extend file: No space left on device'), 'full'],
    ['SQLITE_FULL', prismaSqlite(13, 'SQLITE_FULL: database or disk is full'), 'full'],
    ['SQLITE_READONLY', prismaSqlite(8, 'SQLITE_READONLY: attempt to write a readonly database'), 'read-only'],
    ['SQLITE_IOERR_WRITE (writes refused under an open file)', prismaSqlite(778, 'SQLITE_IOERR: disk I/O error'), 'read-only'],
    ['SQLITE_BUSY from the writer thread', thread('SQLITE_BUSY', 5, 'database is locked'), 'busy'],
    ['SQLITE_LOCKED', prismaSqlite(6, 'SQLITE_LOCKED: database table is locked'), 'busy'],
    ['SQLITE_FULL from the writer thread', thread('SQLITE_FULL', 13, 'database or disk is full'), 'full'],
    ['SQLITE_READONLY from the writer thread', thread('SQLITE_READONLY', 8, 'attempt to write a readonly database'), 'read-only'],
  ])('%s is %s', (_, error, problem) => {
    expect(passingDbProblemOf(error)).toBe(problem);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('Unique constraint failed on the fields: (`key`)'), { code: 'P2002' })],
    ['a syntax error', pgError('42601', 'syntax error at or near "SELEC"')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a thrown string', 'database is busy'],
  ])('%s is not passing', (_, error) => {
    expect(passingDbProblemOf(error)).toBeUndefined();
  });
});
