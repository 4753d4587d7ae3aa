'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { previewRetention } from '../retention/preview-retention';
import type { KindPreview } from '../retention/retention-kinds';
import { parseRetention, setRetention } from '../retention/set-retention';
import { failure, type ActionResult } from './action-result';

const idSchema = z.string().trim().min(1).max(100);

/** What a retention setting of a live dataset would delete now and each day; nothing is written (admins: they alone set it). */
export async function previewRetentionAction(datasetId: string, input: unknown): Promise<ActionResult & { kinds?: KindPreview[]; defaultOtlpHours?: number | null }> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  try {
    const preview = await previewRetention(getDb(), who.principal.project.id, idSchema.parse(datasetId), parseRetention(input), process.env);
    return { ok: true, ...preview };
  } catch (error) {
    return failure(error);
  }
}

/** Saves how long a live dataset's data is kept (admins); the worker applies it within a minute. */
export async function setRetentionAction(datasetId: string, input: unknown): Promise<ActionResult> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  try {
    const id = idSchema.parse(datasetId);
    await setRetention(getDb(), who.principal, id, input);
    revalidatePath(`/datasets/${id}`);
    return { ok: true, message: 'Saved: the worker deletes what is older within a minute, then keeps deleting as it ages.' };
  } catch (error) {
    return failure(error);
  }
}
