import type { Db } from '../../db-types';

/**
 * Makes the connection the project's default judge, or (null) leaves no connection marked: one write
 * transaction, so at most one connection of a project is ever its default. False when the id is unknown.
 */
export async function markDefaultConnection(db: Db, projectId: string, id: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // An unknown id (or one of another project) changes nothing: the current mark stays.
    if (id !== null && (await tx.judgeConnection.count({ where: { id, projectId } })) === 0) return false;
    await tx.judgeConnection.updateMany({ where: { projectId, isDefault: true, ...(id ? { id: { not: id } } : {}) }, data: { isDefault: false } });
    if (id === null) return true;
    await tx.judgeConnection.updateMany({ where: { id, projectId }, data: { isDefault: true } });
    return true;
  });
}
