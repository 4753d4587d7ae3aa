import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AppError } from '../errors';

export type DbProvider = 'sqlite' | 'postgres';

/** Relative to the project root (the working directory of the app, the CLI and Prisma). */
export const DEFAULT_DATABASE_URL = 'file:./data/turnwise.db';

const databaseUrlSchema = z
  .string()
  .trim()
  .min(1)
  .refine((url) => /^(file:|postgres(ql)?:\/\/)/.test(url), {
    message: 'DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)',
  });

/** DATABASE_URL from the environment, validated; the SQLite default when unset or empty. */
export function getDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const raw = env.DATABASE_URL?.trim() ? env.DATABASE_URL : DEFAULT_DATABASE_URL;
  return parseDatabaseUrl(raw);
}

export function parseDatabaseUrl(url: string): string {
  const parsed = databaseUrlSchema.safeParse(url);
  if (!parsed.success) {
    throw new AppError('CONFIG', parsed.error.issues[0]?.message ?? 'Invalid DATABASE_URL', {
      field: 'DATABASE_URL',
    });
  }
  return parsed.data;
}

export function providerOf(url: string): DbProvider {
  return /^postgres(ql)?:\/\//.test(url) ? 'postgres' : 'sqlite';
}

/**
 * Absolute path of the file behind a SQLite URL, with libsql's rules: `file:rel/path`
 * and `file:./rel` are relative to the working directory, `file:/abs` and
 * `file:///abs` are absolute; a query string is ignored. Null for in-memory databases.
 */
export function sqliteFilePath(url: string, cwd: string = process.cwd()): string | null {
  const withoutQuery = url.replace(/[?#].*$/, '');
  if (withoutQuery.startsWith('file://')) return fileURLToPath(withoutQuery);
  const rest = withoutQuery.replace(/^file:/, '');
  if (rest === ':memory:' || rest === '') return null;
  return path.resolve(cwd, rest);
}

/**
 * The database in words for a start-up log line, without its credentials: "the SQLite file
 * data/turnwise.db" (relative to the working directory when inside it) or "the PostgreSQL
 * database turnwise on db-host:5432".
 */
export function describeDatabase(url: string, cwd: string = process.cwd()): string {
  if (providerOf(url) === 'postgres') {
    try {
      const parsed = new URL(url);
      const name = decodeURIComponent(parsed.pathname.slice(1)) || '(default)';
      return `the PostgreSQL database ${name} on ${parsed.host}`;
    } catch {
      return 'the PostgreSQL database of DATABASE_URL';
    }
  }
  const file = sqliteFilePath(url, cwd);
  if (!file) return 'an in-memory SQLite database';
  const relative = path.relative(cwd, file);
  return `the SQLite file ${relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file}`;
}
