'use server';

import { projectPath } from '../nav/project-path';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import { assertMayChange } from '../auth/ownership';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { failure, type ActionResult } from './action-result';
import { deleteDataset } from '../db/queries/datasets/delete-dataset';
import { renameDataset } from '../db/queries/datasets/rename-dataset';
import { snapshotLiveDataset } from '../db/queries/datasets/snapshot-live-dataset';
import { setScoringFields, type ScoringFields } from '../db/queries/datasets/set-scoring-fields';
import { FIELD_LIMITS } from '../domain/conversation-limits';

export type DatasetActionState = ActionResult;

const renameSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1, 'Give the dataset a name').max(200, 'Keep the name under 200 characters'),
});

/** Form action: renames a dataset (fields id, name). */
export async function renameDatasetAction(_prev: DatasetActionState, formData: FormData): Promise<DatasetActionState> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = renameSchema.safeParse({ id: formData.get('id'), name: formData.get('name') ?? '' });
  if (!parsed.success) {
    return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the name.' };
  }
  try {
    await assertMayChange(getDb(), who.principal, 'dataset', parsed.data.id);
    await renameDataset(getDb(), who.principal.project.id, parsed.data.id, parsed.data.name);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/datasets');
  revalidatePath(`/datasets/${parsed.data.id}`);
  return { ok: true, message: 'Renamed.' };
}

const deleteSchema = z.object({
  id: z.string().trim().min(1).max(100),
  // The run count the confirmation showed: deleting more runs than the user agreed to is refused.
  runs: z.coerce.number().int().min(0),
});

/** Form action: deletes a dataset with its conversations and runs, then opens the datasets list. */
export async function deleteDatasetAction(_prev: DatasetActionState, formData: FormData): Promise<DatasetActionState> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = deleteSchema.safeParse({ id: formData.get('id'), runs: formData.get('runs') ?? '0' });
  if (!parsed.success) return { ok: false, message: 'No dataset given.' };
  try {
    await assertMayChange(getDb(), who.principal, 'dataset', parsed.data.id);
    await deleteDataset(getDb(), who.principal.project.id, parsed.data.id, parsed.data.runs);
    await recordAudit(getDb(), who.principal, 'dataset.delete', parsed.data.id);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/datasets');
  revalidatePath('/runs');
  revalidatePath('/');
  redirect(projectPath(who.principal.project.slug, '/datasets'));
}

const snapshotSchema = z.object({
  id: z.string().trim().min(1).max(100),
  name: z.string().trim().min(1, 'Give the fixed dataset a name').max(100, 'Keep the name under 100 characters'),
});

/** Form action: saves a live dataset's conversations as they are now as a fixed dataset, then opens it. */
export async function snapshotLiveDatasetAction(_prev: DatasetActionState, formData: FormData): Promise<DatasetActionState> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = snapshotSchema.safeParse({ id: formData.get('id'), name: formData.get('name') ?? '' });
  if (!parsed.success) return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the name.' };
  let created: { id: string };
  try {
    created = await snapshotLiveDataset(getDb(), who.principal.project.id, parsed.data.id, parsed.data.name);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/datasets');
  redirect(projectPath(who.principal.project.slug, `/datasets/${created.id}`));
}

const toolSchema = z.looseObject({ name: z.string().trim().min(1, 'each tool needs a name').max(FIELD_LIMITS.nameChars) });
const scoringFieldsSchema = z.object({
  id: z.string().trim().min(1).max(100),
  chatbotRole: z.string().trim().max(FIELD_LIMITS.chatbotRoleChars, `Keep the role under ${FIELD_LIMITS.chatbotRoleChars.toLocaleString('en-US')} characters`),
  relevantTopics: z
    .string()
    .transform((text) => text.split('\n').map((line) => line.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(FIELD_LIMITS.nameChars, `Keep each topic under ${FIELD_LIMITS.nameChars.toLocaleString('en-US')} characters`)).max(200, 'At most 200 topics')),
  availableTools: z.string().transform((text, ctx) => {
    if (!text.trim()) return [];
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch (e) {
      ctx.addIssue({ code: 'custom', message: `Not JSON: ${(e as Error).message}` });
      return z.NEVER;
    }
  }).pipe(z.array(toolSchema, { error: 'Give a JSON list of tools: [{"name": "…", "description": "…"}]' }).max(FIELD_LIMITS.toolCallsPerTurn, `At most ${FIELD_LIMITS.toolCallsPerTurn} tools`)),
  where: z.enum(['missing', 'all']),
});

/**
 * Form action: sets the chatbot role, relevant topics and available tools on a dataset's
 * conversations (where they have none, or on all), so metrics that read them can score them: a
 * field left empty is not changed. deepeval's client, for one, never sends them.
 */
export async function setScoringFieldsAction(_prev: DatasetActionState, formData: FormData): Promise<DatasetActionState> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const text = (name: string) => String(formData.get(name) ?? '');
  const parsed = scoringFieldsSchema.safeParse({ id: text('id'), chatbotRole: text('chatbotRole'), relevantTopics: text('relevantTopics'), availableTools: text('availableTools'), where: text('where') || 'missing' });
  if (!parsed.success) return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the fields.' };
  const { id, chatbotRole, relevantTopics, availableTools, where } = parsed.data;
  const fields: ScoringFields = {
    ...(chatbotRole ? { chatbotRole } : {}),
    ...(relevantTopics.length ? { relevantTopics } : {}),
    ...(availableTools.length ? { availableTools } : {}),
  };
  if (Object.keys(fields).length === 0) return { ok: false, message: 'Fill in at least one field.' };
  let counts: Awaited<ReturnType<typeof setScoringFields>>;
  try {
    await assertMayChange(getDb(), who.principal, 'dataset', id);
    counts = await setScoringFields(getDb(), who.principal.project.id, id, fields, where === 'missing');
  } catch (error) {
    return failure(error);
  }
  revalidatePath(`/datasets/${id}`);
  const done = (Object.keys(fields) as (keyof ScoringFields)[]).map((f) => `${{ chatbotRole: 'chatbot role', relevantTopics: 'relevant topics', availableTools: 'available tools' }[f]} on ${counts[f].toLocaleString('en-US')}`);
  return { ok: true, message: `Set ${done.join(', ')} conversation(s).` };
}
