import type { Db } from '../../db-types';

/** The run is stored: its held cases go, the record stays (the same run sent again finds it). */
// across projects: an import its request found in its project.
export async function markRunImportStored(db: Db, id: string): Promise<void> {
  await db.$transaction([db.runImportCase.deleteMany({ where: { importId: id } }), db.runImport.update({ where: { id }, data: { status: 'stored', error: null } })]);
}

/** Storing failed: the cases stay held, so that sending the run (or its last part) again tries again. */
// across projects: an import its request found in its project.
export async function markRunImportFailed(db: Db, id: string, error: string): Promise<void> {
  await db.runImport.updateMany({ where: { id }, data: { status: 'failed', error } });
}

/** Forgets an import whose run is gone (deleted with its dataset), so that the run can be sent again. */
// across projects: an import its request found in its project.
export async function deleteRunImport(db: Db, id: string): Promise<void> {
  await db.runImport.deleteMany({ where: { id } });
}
