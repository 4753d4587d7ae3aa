export interface ApiKeyInfo {
  id: string;
  scope: string;
  name: string;
  lastFour: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface AnyApiKeyInfo extends ApiKeyInfo {
  user: { id: string; email: string; name: string };
}

export const API_KEY_INFO_SELECT = { id: true, name: true, scope: true, lastFour: true, createdAt: true, lastUsedAt: true } as const;
