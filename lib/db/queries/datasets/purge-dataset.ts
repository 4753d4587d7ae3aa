import { ensureDiskReserve, releaseDiskReserve } from '../../disk-reserve';
import { storageErrorOf } from '../../storage-error';
import { isPostgresDb } from '../../db-provider';
import type { Db } from '../../db-types';

/** Conversations (with their turns and results) removed per transaction. */
const PURGE_CONVERSATIONS = 300;
/** How often an import in progress says it is alive. */
export const IMPORT_HEARTBEAT_MS = 60_000;
/** An import silent for this long lost its process: its rows are removed. */
export const ABANDONED_IMPORT_MS = 10 * IMPORT_HEARTBEAT_MS;

/**
 * Removes a dataset in short transactions, its conversations a few hundred at a time, so that
 * removing a large one never holds the database for long. Used for imports that did not finish.
 * On a full disk (an import that filled it) the delete itself needs room in SQLite's WAL: the
 * disk reserve is given back, the WAL emptied into the file and cut to nothing, the rows removed,
 * and the reserve made again if there is room (the removed rows' pages stay in the file, free
 * for the next import).
 */
export async function purgeDataset(db: Db, id: string): Promise<void> {
  try {
    await removeRows(db, id);
  } catch (error) {
    if (storageErrorOf(error)?.code !== 'DISK_FULL' || !(await releaseDiskReserve(db))) throw error;
    // The WAL first: once its pages are in the file it is reused, and the deletes need little more.
    await emptyWal(db);
    await removeRows(db, id);
    await emptyWal(db);
    await ensureDiskReserve(db);
  }
}

const emptyWal = async (db: Db) => {
  if (!isPostgresDb(db)) await db.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)').catch(() => undefined);
};

// across projects: the import's own dataset (it made the shell), or one the sweep found abandoned.
async function removeRows(db: Db, id: string): Promise<void> {
  for (;;) {
    const ids = (await db.conversation.findMany({ where: { datasetId: id }, select: { id: true }, take: PURGE_CONVERSATIONS })).map((c) => c.id);
    if (ids.length === 0) break;
    await db.$transaction([db.turn.deleteMany({ where: { conversationId: { in: ids } } }), db.conversation.deleteMany({ where: { id: { in: ids } } })]);
  }
  await db.dataset.deleteMany({ where: { id } });
}

/** Removes the imports whose process stopped saying it is alive (a crash, a kill); how many. Across projects: one sweep for every project's imports. */
export async function sweepAbandonedImports(db: Db, now = new Date()): Promise<number> {
  const stale = await db.dataset.findMany({
    where: { importing: true, updatedAt: { lt: new Date(now.getTime() - ABANDONED_IMPORT_MS) } },
    select: { id: true },
  });
  for (const { id } of stale) await purgeDataset(db, id);
  return stale.length;
}
