import type { Db } from '../../db-types';

/**
 * Makes the connection the default judge, or (null) leaves no connection marked: one write
 * transaction, so at most one connection is ever the default. False when the id is unknown.
 */
export async function markDefaultConnection(db: Db, id: string | null): Promise<boolean> {
  return db.$transaction(async (tx) => {
    // An unknown id changes nothing: the current mark stays.
    if (id !== null && (await tx.judgeConnection.count({ where: { id } })) === 0) return false;
    await tx.judgeConnection.updateMany({ where: { isDefault: true, ...(id ? { id: { not: id } } : {}) }, data: { isDefault: false } });
    if (id === null) return true;
    await tx.judgeConnection.updateMany({ where: { id }, data: { isDefault: true } });
    return true;
  });
}
