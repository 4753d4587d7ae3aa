'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { apiKeyNameSchema, apiKeyScopeSchema, createApiKey, deleteApiKey, revokeAnyApiKey } from '../auth/api-keys';
import { recordAudit } from '../auth/audit';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { isAppError } from '../errors';

export interface ApiKeyActionState {
  ok: boolean;
  message?: string;
  /** The new key: shown once, on the page that made it. */
  key?: string;
}

/** Form action: a personal API key for the signed-in user, with that user's role (scope full), or one that may only send telemetry (scope ingest). */
export async function createApiKeyAction(_prev: ApiKeyActionState, formData: FormData): Promise<ApiKeyActionState> {
  const who = await actionPrincipal('viewer');
  if (!who.ok) return who.refusal;
  if (who.principal.via !== 'session') return { ok: false, message: 'API keys belong to signed-in users.' };
  const name = apiKeyNameSchema.safeParse(formData.get('name') ?? '');
  if (!name.success) return { ok: false, message: name.error.issues[0].message };
  const scope = apiKeyScopeSchema.safeParse(formData.get('scope') ?? 'full');
  if (!scope.success) return { ok: false, message: 'scope: choose full or ingest' };
  const { key } = await createApiKey(getDb(), who.principal.project.id, who.principal.id, name.data, scope.data);
  revalidatePath('/settings/api-keys');
  return { ok: true, key, message: 'Copy the key now: it is not shown again.' };
}

export async function deleteApiKeyAction(_prev: ApiKeyActionState, formData: FormData): Promise<ApiKeyActionState> {
  const who = await actionPrincipal('viewer');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No key given.' };
  try {
    await deleteApiKey(getDb(), who.principal.project.id, who.principal.id, id.data);
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
  revalidatePath('/settings/api-keys');
  return { ok: true, message: 'Key deleted.' };
}

/** Form action (admin): revokes any user's key; audited. */
export async function revokeAnyApiKeyAction(_prev: ApiKeyActionState, formData: FormData): Promise<ApiKeyActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No key given.' };
  try {
    const key = await revokeAnyApiKey(getDb(), who.principal.project.id, id.data);
    await recordAudit(getDb(), who.principal, 'api-key.revoke', id.data, `${key.email}: ${key.name} (tw_…${key.lastFour})`);
  } catch (error) {
    if (isAppError(error)) return { ok: false, message: error.message };
    throw error;
  }
  revalidatePath('/settings/api-keys');
  return { ok: true, message: 'Key revoked.' };
}
