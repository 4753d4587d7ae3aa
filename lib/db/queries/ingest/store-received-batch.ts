import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';
import { createSequentialIds } from '../../sequential-ids';
import { sqliteDatabaseFile } from '../../sqlite-file';
import { storeBatch } from './otlp-batches';
import { storeBatchOnThread } from './sqlite-batch-thread';

const files = new WeakMap<Db, Promise<string | null>>();
const nextId = createSequentialIds();
let threadUnavailable = false;

/** The file behind a SQLite client, asked once per client. */
function fileOf(db: Db): Promise<string | null> {
  let file = files.get(db);
  if (!file) {
    file = sqliteDatabaseFile(db);
    files.set(db, file);
  }
  return file;
}

/**
 * Stores one received OTLP body of a project durably (resolves once committed). PostgreSQL: the client's
 * insert, which waits for nothing on the event loop. SQLite: an insert on a worker thread
 * (lib/db/queries/ingest/sqlite-batch-thread.ts), since libsql waits for the write lock
 * synchronously and the ingest worker holds it while it writes conversations: on the web
 * server's event loop that wait stopped every page. The thread waits `lockWaitMs` for the lock
 * (SQLite's busy timeout there) before it gives up with SQLITE_BUSY.
 */
export async function storeReceivedBatch(
  db: Db,
  projectId: string,
  batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array },
  options: { lockWaitMs?: number } = {},
): Promise<void> {
  const file = isPostgresDb(db) || threadUnavailable ? null : await fileOf(db);
  if (!file) return storeBatch(db, projectId, batch);
  try {
    await storeBatchOnThread(file, { ...batch, projectId, id: nextId(), receivedAt: new Date().toISOString().replace('Z', '+00:00') }, options.lockWaitMs);
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'THREAD_UNAVAILABLE') throw error;
    threadUnavailable = true;
    console.error(`[otel] bodies are stored on the event loop: ${(error as Error).message}`);
    await storeBatch(db, projectId, batch);
  }
}
