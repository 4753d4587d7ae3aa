import type { Db } from '../../db-types';

export const countAllUsers = (db: Db): Promise<number> => db.user.count();

/** Admins other than `userId`: a role change or a delete must leave at least one. */
export const countOtherAdmins = (db: Db, userId: string): Promise<number> => db.user.count({ where: { role: 'admin', id: { not: userId } } });
