import type { Db } from '../../db-types';

/** The id of the user with this email, or null. */
export const findUserIdByEmail = (db: Db, email: string): Promise<{ id: string } | null> =>
  db.user.findUnique({ where: { email }, select: { id: true } });

/** A user's email and role, or null. */
export const getUserEmailAndRole = (db: Db, userId: string): Promise<{ email: string; role: string } | null> =>
  db.user.findUnique({ where: { id: userId }, select: { email: true, role: true } });

/** What a principal is made of for a user, or null when there is no such user. */
export const getUserForPrincipal = (db: Db, userId: string): Promise<{ id: string; email: string; name: string; role: string } | null> =>
  db.user.findUnique({ where: { id: userId }, select: { id: true, email: true, name: true, role: true } });
