import type { Db } from '../../db-types';
import { API_KEY_INFO_SELECT, type ApiKeyInfo } from '../../rows/api-key-info';

export const insertApiKey = (db: Db, data: { userId: string; name: string; scope: string; hash: string; lastFour: string }): Promise<ApiKeyInfo> =>
  db.apiKey.create({ data, select: API_KEY_INFO_SELECT });
