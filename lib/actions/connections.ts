'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import { actionPrincipal } from '../auth/session';
import { connectionInputSchema } from '../connections/connection-input';
import { createConnection, deleteConnection, getConnectionEndpoint, setDefaultConnection, updateConnection } from '../connections/connection-store';
import { testConnection, type ConnectionTestResult } from '../connections/test-connection';
import { getDb } from '../db/client';
import { isAppError } from '../errors';
import { loadJudgeConfig } from '../judge/config';
import { adminPolicy, readEgressSettings } from '../llm/egress';

export interface ConnectionActionState {
  ok: boolean;
  fieldErrors?: Record<string, string[]>;
  message?: string;
  test?: ConnectionTestResult;
}

function failure(error: unknown): ConnectionActionState {
  if (isAppError(error) && error.code !== 'INTERNAL') {
    const field = typeof error.details?.field === 'string' ? error.details.field : null;
    return { ok: false, message: error.message, ...(field ? { fieldErrors: { [field]: [error.message] } } : {}) };
  }
  console.error(error);
  return { ok: false, message: 'Something went wrong on the server; see its log.' };
}

/** Names the environment's judges take (a stored connection may not reuse one). */
function envJudgeNames(): string[] {
  try {
    const config = loadJudgeConfig(process.env);
    return [config.openai.name, ...config.judges.map((j) => j.name)];
  } catch {
    return ['openai'];
  }
}

const formFields = (formData: FormData) => ({
  name: formData.get('name') ?? '',
  baseUrl: formData.get('baseUrl') ?? '',
  apiKey: formData.get('apiKey') ?? '',
  models: formData.get('models') ?? '',
  rpm: formData.get('rpm') ?? '',
  tpm: formData.get('tpm') ?? '',
});

/** Form action (admin): adds a connection, or updates one when the form carries an id. */
export async function saveConnectionAction(_prev: ConnectionActionState, formData: FormData): Promise<ConnectionActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const parsed = connectionInputSchema.safeParse(formFields(formData));
  if (!parsed.success) return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.' };
  const id = typeof formData.get('id') === 'string' && formData.get('id') !== '' ? String(formData.get('id')) : null;
  try {
    if (id) {
      await updateConnection(getDb(), who.principal.project.id, id, { ...parsed.data, clearKey: formData.get('clearKey') === 'on' }, envJudgeNames());
      await recordAudit(getDb(), who.principal, 'connection.update', id, `${parsed.data.name} ${parsed.data.baseUrl}${parsed.data.apiKey ? ' (new key)' : ''}`);
    } else {
      const created = await createConnection(getDb(), who.principal.project.id, parsed.data, envJudgeNames());
      await recordAudit(getDb(), who.principal, 'connection.create', created.id, `${parsed.data.name} ${parsed.data.baseUrl}`);
    }
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/settings/connections');
  revalidatePath('/runs/new');
  return { ok: true, message: id ? 'Saved.' : `Added ${parsed.data.name}.` };
}

export async function deleteConnectionAction(_prev: ConnectionActionState, formData: FormData): Promise<ConnectionActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No connection given.' };
  try {
    const { name } = await deleteConnection(getDb(), who.principal.project.id, id.data);
    await recordAudit(getDb(), who.principal, 'connection.delete', id.data, name);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/settings/connections');
  return { ok: true, message: 'Deleted.' };
}

/** Form action (admin): one small request through a stored connection; shows the model's answer. */
export async function testConnectionAction(_prev: ConnectionActionState, formData: FormData): Promise<ConnectionActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No connection given.' };
  try {
    const test = await testConnection(await getConnectionEndpoint(getDb(), who.principal.project.id, id.data), { egress: adminPolicy(readEgressSettings(process.env)) });
    return { ok: test.ok, test };
  } catch (error) {
    return failure(error);
  }
}

/** Form action (admin): marks a connection as the default judge (the forms preselect it), or with `clear` removes the mark. */
export async function markDefaultJudgeAction(_prev: ConnectionActionState, formData: FormData): Promise<ConnectionActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No connection given.' };
  const clear = formData.get('clear') === '1';
  try {
    await setDefaultConnection(getDb(), who.principal.project.id, clear ? null : id.data);
    await recordAudit(getDb(), who.principal, clear ? 'connection.default.clear' : 'connection.default', id.data, clear ? 'no longer the default judge' : 'marked as the default judge');
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/settings/connections');
  revalidatePath('/runs/new');
  return { ok: true, message: clear ? 'No connection is the default judge now.' : 'Marked as the default judge.' };
}
