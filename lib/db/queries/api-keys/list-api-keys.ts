import type { Db } from '../../db-types';
import { API_KEY_INFO_SELECT, type AnyApiKeyInfo, type ApiKeyInfo } from '../../rows/api-key-info';

export const listUserApiKeys = (db: Db, projectId: string, userId: string): Promise<ApiKeyInfo[]> =>
  db.apiKey.findMany({ where: { projectId, userId }, orderBy: { createdAt: 'desc' }, select: API_KEY_INFO_SELECT });

/** Every user's keys of a project but `exceptUserId`'s, newest first (at most 1,000). */
export const listEveryonesApiKeys = (db: Db, projectId: string, exceptUserId?: string): Promise<AnyApiKeyInfo[]> =>
  db.apiKey.findMany({
    where: exceptUserId ? { projectId, userId: { not: exceptUserId } } : { projectId },
    orderBy: { createdAt: 'desc' },
    take: 1_000,
    select: { ...API_KEY_INFO_SELECT, user: { select: { id: true, email: true, name: true } } },
  });
