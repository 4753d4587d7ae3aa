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

/** full: whatever the owner's role in the key's project allows. ingest: only sending telemetry to /api/otel/v1/* (and traces to deepeval's route), nothing else. */
export const API_KEY_SCOPES = ['full', 'ingest'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPES);

/** A new key of `userId` in `projectId` (it opens that project alone): the plain key is returned once and only its SHA-256 is stored. */
export async function createApiKey(db: Db, projectId: string, userId: string, name: string, scope: ApiKeyScope = 'full'): Promise<{ key: string; info: ApiKeyInfo }> {
  const parsed = apiKeyNameSchema.safeParse(name);
  if (!parsed.success) throw new AppError('BAD_INPUT', parsed.error.issues[0].message, { field: 'name' });
  const scopeParsed = apiKeyScopeSchema.safeParse(scope);
  if (!scopeParsed.success) throw new AppError('BAD_INPUT', `scope must be one of ${API_KEY_SCOPES.join(', ')}`, { field: 'scope' });
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const info = await insertApiKey(db, { projectId, userId, name: parsed.data, scope: scopeParsed.data, hash: sha256(key), lastFour: lastFour(key) });
  return { key, info };
}

/** A user's own keys of a project, newest first (the project's API keys page). */
export const listApiKeys = (db: Db, projectId: string, userId: string): Promise<ApiKeyInfo[]> => listUserApiKeys(db, projectId, userId);

/** Every other user's keys of a project (a project admin's own are listed above them): newest first. */
export const listAllApiKeys = (db: Db, projectId: string, exceptUserId?: string): Promise<AnyApiKeyInfo[]> => listEveryonesApiKeys(db, projectId, exceptUserId);

/** Deletes one of `userId`'s keys of a project; another user's key, or one of another project, is not found. */
export async function deleteApiKey(db: Db, projectId: string, userId: string, id: string): Promise<void> {
  if ((await deleteApiKeys(db, { id, userId, projectId })) === 0) throw new AppError('NOT_FOUND', 'No such API key');
}

/** Deletes every key of `userId` (a password reset or change); the number deleted. */
export async function revokeUserApiKeys(db: Db, userId: string): Promise<number> {
  return deleteApiKeys(db, { userId });
}

/** Deletes anyone's key of a project (a project admin's revoke); what it was, for the audit log. */
export async function revokeAnyApiKey(db: Db, projectId: string, id: string): Promise<{ name: string; lastFour: string; email: string }> {
  const key = await getApiKeySummary(db, projectId, id);
  if (!key) throw new AppError('NOT_FOUND', 'No such API key');
  await deleteApiKeys(db, { id, projectId });
  return { name: key.name, lastFour: key.lastFour, email: key.user.email };
}

/**
 * The owner of a presented key and the project it opens, or null. Looked up by hash: the stored
 * value never meets the plain key. A key of another scope than `scope` is null too: an ingest key
 * opens nothing but ingestion. Whether the owner is still a member of the project is the
 * project's check (lib/auth/project-access.ts), made at every request.
 */
export async function findApiKeyOwner(
  db: Db,
  key: string,
  scope: ApiKeyScope | 'any-for-ingest' = 'full',
): Promise<{ user: { id: string; email: string; name: string; role: string }; projectId: string } | null> {
  if (!key.startsWith(API_KEY_PREFIX)) return null;
  const row = await findApiKeyByHash(db, sha256(key));
  if (!row) return null;
  if (scope !== 'any-for-ingest' && row.scope !== scope) return null;
  // At most one write a minute per key.
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
    await markApiKeyUsed(db, row.id, new Date()).catch(() => undefined);
  }
  return { user: row.user, projectId: row.projectId };
}
