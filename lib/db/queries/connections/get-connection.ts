import type { Db } from '../../db-types';

export const findConnectionIdByName = (db: Db, name: string): Promise<{ id: string } | null> =>
  db.judgeConnection.findUnique({ where: { name }, select: { id: true } });

export const getConnectionName = (db: Db, id: string): Promise<{ name: string } | null> =>
  db.judgeConnection.findUnique({ where: { id }, select: { name: true } });

/** The URL and encrypted key a connection was stored with, or null. */
export const getConnectionKeyAndUrl = (db: Db, id: string): Promise<{ baseUrl: string; keyCipher: string | null } | null> =>
  db.judgeConnection.findUnique({ where: { id }, select: { baseUrl: true, keyCipher: true } });
