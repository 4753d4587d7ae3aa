import type { Db } from '../../db-types';

export const findConnectionIdByName = (db: Db, projectId: string, name: string): Promise<{ id: string } | null> =>
  db.judgeConnection.findUnique({ where: { projectId_name: { projectId, name } }, select: { id: true } });

export const getConnectionName = (db: Db, projectId: string, id: string): Promise<{ name: string } | null> =>
  db.judgeConnection.findUnique({ where: { id, projectId }, select: { name: true } });

/** The URL and encrypted key a connection of a project was stored with, or null. */
export const getConnectionKeyAndUrl = (db: Db, projectId: string, id: string): Promise<{ baseUrl: string; keyCipher: string | null } | null> =>
  db.judgeConnection.findUnique({ where: { id, projectId }, select: { baseUrl: true, keyCipher: true } });
