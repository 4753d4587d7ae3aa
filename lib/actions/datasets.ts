'use server';

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
    await renameDataset(getDb(), parsed.data.id, parsed.data.name);
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
    await deleteDataset(getDb(), parsed.data.id, parsed.data.runs);
    await recordAudit(getDb(), who.principal, 'dataset.delete', parsed.data.id);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/datasets');
  revalidatePath('/runs');
  revalidatePath('/');
  redirect('/datasets');
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
    created = await snapshotLiveDataset(getDb(), parsed.data.id, parsed.data.name);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/datasets');
  redirect(`/datasets/${created.id}`);
}
