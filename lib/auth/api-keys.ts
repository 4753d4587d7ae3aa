import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { lastFour } from './secret-box';
import type { AnyApiKeyInfo, ApiKeyInfo } from '../db/rows/api-key-info';
import { insertApiKey } from '../db/queries/api-keys/create-api-key';
import { deleteApiKeys } from '../db/queries/api-keys/delete-api-keys';
import { listEveryonesApiKeys, listUserApiKeys } from '../db/queries/api-keys/list-api-keys';
import { findApiKeyByHash, getApiKeySummary, markApiKeyUsed } from '../db/queries/api-keys/get-api-key';

/** Personal keys start with this, so that one pasted by mistake is recognisable. */
export const API_KEY_PREFIX = 'tw_';

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

export const apiKeyNameSchema = z.string().trim().min(1, 'Give the key a name').max(80, 'Keep the name under 80 characters');

/** full: whatever the owner's role allows. ingest: only sending telemetry to /api/otel/v1/*, nothing else. */
export const API_KEY_SCOPES = ['full', 'ingest'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** A new key for `userId`: the plain key is returned once and only its SHA-256 is stored. */
export async function createApiKey(db: Db, userId: string, name: string, scope: ApiKeyScope = 'full'): Promise<{ key: string; info: ApiKeyInfo }> {
  const parsed = apiKeyNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0].message, { field: 'name' });
  const scopeParsed = apiKeyScopeSchema.safeParse(scope);
  if (!scopeParsed.success) throw new AppError('BAD_INPUT', `scope must be one of ${API_KEY_SCOPES.join(', ')}`, { field: 'scope' });
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const info = await insertApiKey(db, { userId, name: parsed.data, scope: scopeParsed.data, hash: sha256(key), lastFour: lastFour(key) });
  return { key, info };
}

/** A user's own keys, newest first (the settings page). */
export const listApiKeys = (db: Db, userId: string): Promise<ApiKeyInfo[]> => listUserApiKeys(db, userId);

/** Every user's keys but `exceptUserId`'s (an admin's own are listed above them), for admins: newest first. */
export const listAllApiKeys = (db: Db, exceptUserId?: string): Promise<AnyApiKeyInfo[]> => listEveryonesApiKeys(db, exceptUserId);

/** Deletes one of `userId`'s keys; another user's key is not found. */
export async function deleteApiKey(db: Db, userId: string, id: string): Promise<void> {
  if ((await deleteApiKeys(db, { id, userId })) === 0) throw new AppError('NOT_FOUND', 'No such API key');
}

/** Deletes every key of `userId` (a password reset or change); the number deleted. */
export async function revokeUserApiKeys(db: Db, userId: string): Promise<number> {
  return deleteApiKeys(db, { userId });
}

/** Deletes anyone's key (an admin's revoke); what it was, for the audit log. */
export async function revokeAnyApiKey(db: Db, id: string): Promise<{ name: string; lastFour: string; email: string }> {
  const key = await getApiKeySummary(db, id);
  if (!key) throw new AppError('NOT_FOUND', 'No such API key');
  await deleteApiKeys(db, { id });
  return { name: key.name, lastFour: key.lastFour, email: key.user.email };
}

/**
 * The owner of a presented key, or null. Looked up by hash: the stored value never meets the plain key.
 * A key of another scope than `scope` is null too: an ingest key opens nothing but ingestion.
 */
export async function findApiKeyOwner(
  db: Db,
  key: string,
  scope: ApiKeyScope | 'any-for-ingest' = 'full',
): Promise<{ id: string; email: string; name: string; role: string } | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await findApiKeyByHash(db, sha256(key));
  if (!row) return null;
  if (scope !== 'any-for-ingest' && row.scope !== scope) return null;
  // At most one write a minute per key.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await markApiKeyUsed(db, row.id, new Date()).catch(() => undefined);
  }
  return row.user;
}
