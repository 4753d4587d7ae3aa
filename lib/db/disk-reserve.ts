import fs from 'node:fs/promises';
import { z } from 'zod';
import type { Db } from './db-types';
import { sqliteDatabaseFile } from './sqlite-file';

/**
 * Space kept beside a SQLite database so that removing rows still works on a full disk: SQLite
 * writes a delete to its WAL before the file, so with no byte left even the clean-up of a failed
 * import fails and its rows stay. The reserve is a file of zeros (`<database>-reserve`) given
 * back to the disk just before such a clean-up and made again afterwards, when there is room.
 */
export const DEFAULT_DISK_RESERVE_MB = 32;

const envSchema = z.object({ TURNWISE_DISK_RESERVE_MB: z.coerce.number().int().min(0).max(4096).default(DEFAULT_DISK_RESERVE_MB) });

/** Bytes to keep in reserve (TURNWISE_DISK_RESERVE_MB; 0 keeps none). A bad value keeps the default. */
export function diskReserveBytes(env: NodeJS.ProcessEnv = process.env): number {
  const parsed = envSchema.safeParse({ TURNWISE_DISK_RESERVE_MB: env.TURNWISE_DISK_RESERVE_MB?.trim() || undefined });
  return (parsed.success ? parsed.data.TURNWISE_DISK_RESERVE_MB : DEFAULT_DISK_RESERVE_MB) * 1024 * 1024;
}

/** The reserve file of a SQLite database on disk; null for PostgreSQL or an in-memory database. */
export async function diskReservePath(db: Db): Promise<string | null> {
  const file = await sqliteDatabaseFile(db);
  return file ? `${file}-reserve` : null;
}

const CHUNK = 1024 * 1024;

/** Makes the reserve if it is missing or short; false when the disk has no room for it (nothing is left half-made). */
export async function ensureDiskReserve(db: Db, bytes = diskReserveBytes()): Promise<boolean> {
  const file = await diskReservePath(db);
  if (!file || bytes === 0) return false;
  const size = await fs.stat(/*turbopackIgnore: true*/ file).then((s) => s.size, () => -1);
  if (size >= bytes) return true;
  // Written, not truncated to size: a sparse file would hold no blocks to give back.
  const handle = await fs.open(/*turbopackIgnore: true*/ file, 'w');
  try {
    const zeros = Buffer.alloc(CHUNK);
    for (let at = 0; at < bytes; at += CHUNK) await handle.write(zeros, 0, Math.min(CHUNK, bytes - at));
    await handle.sync();
    return true;
  } catch {
    await handle.close().catch(() => undefined);
    await fs.rm(/*turbopackIgnore: true*/ file, { force: true });
    return false;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Gives the reserve back to the disk; whether there was one. */
export async function releaseDiskReserve(db: Db): Promise<boolean> {
  const file = await diskReservePath(db);
  if (!file) return false;
  return fs.rm(/*turbopackIgnore: true*/ file).then(
    () => true,
    () => false,
  );
}
