import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AppError } from '../errors';
import { getDatabaseUrl, providerOf, sqliteFilePath } from '../db/url';

/** Where a generated secret is kept: beside the SQLite database, else in ./data. */
export function secretFilePath(env: Record<string, string | undefined>): string {
  let dir = path.resolve('data');
  try {
    const url = getDatabaseUrl(env as NodeJS.ProcessEnv);
    // A PostgreSQL URL is no path: read as one, the secret went into a folder named after it (password included).
    const file = providerOf(url) === 'sqlite' ? sqliteFilePath(url) : null;
    if (file) dir = path.dirname(file);
  } catch {
    // A malformed DATABASE_URL is reported where the database opens.
  }
  return path.join(dir, 'turnwise-secret');
}

/**
 * TURNWISE_SECRET, else the secret generated into the data folder on first start. It signs
 * sessions and encrypts judge keys: losing it signs everyone out and makes stored keys unreadable.
 */
export function getServerSecret(env: Record<string, string | undefined> = process.env): string {
  const fromEnv = env.TURNWISE_SECRET?.trim();
  if (fromEnv) {
    if (fromEnv.length < 32) throw new AppError('CONFIG', 'TURNWISE_SECRET: must have at least 32 characters (try `openssl rand -base64 32`)', { variable: 'TURNWISE_SECRET' });
    return fromEnv;
  }
  const file = secretFilePath(env);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': when the web server and the worker start together, the first writer wins and the other reads it.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}
