import type { Db } from '../../db-types';
import { API_KEY_INFO_SELECT, type ApiKeyInfo } from '../../rows/api-key-info';

export const insertApiKey = (db: Db, { projectId, ...data }: { projectId: string; userId: string; name: string; scope: string; hash: string; lastFour: string }): Promise<ApiKeyInfo> =>
  db.apiKey.create({ data: { projectId, ...data }, select: API_KEY_INFO_SELECT });
