'use server';

import { revalidatePath } from 'next/cache';
import { actionPrincipal, instanceAdminAction } from '../auth/session';
import { getDb } from '../db/client';
import { setLiveRedaction } from '../redaction/live-redaction';
import { addRedactionPattern, removeRedactionPattern } from '../redaction/patterns';
import { failure, type ActionResult } from './action-result';

const text = (formData: FormData, key: string) => String(formData.get(key) ?? '');

/** Form action (admin): what a live dataset redacts from now on (checkboxes `kinds` and `patterns`). */
export async function setLiveRedactionAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = text(formData, 'id');
  try {
    const after = await setLiveRedaction(getDb(), who.principal, id, { kinds: formData.getAll('kinds').map(String), patterns: formData.getAll('patterns').map(String) });
    revalidatePath(`/datasets/${id}`);
    revalidatePath('/admin/redaction');
    return { ok: true, message: after ? 'Saved: what arrives from now on is redacted so. Stored conversations are left as they are.' : 'Saved: what arrives from now on is stored as it comes.' };
  } catch (error) {
    return failure(error);
  }
}

/** Form action (admin): saves a pattern of personal data. */
export async function addRedactionPatternAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  try {
    const saved = await addRedactionPattern(getDb(), who.actor, { name: text(formData, 'name'), pattern: text(formData, 'pattern') });
    revalidatePath('/admin/redaction');
    return { ok: true, message: `Saved: matches are replaced with [CUSTOM:${saved.name}] where an upload or a live dataset applies it.` };
  } catch (error) {
    return failure(error);
  }
}

/** Form action (admin): removes a pattern (and its use by live datasets). */
export async function removeRedactionPatternAction(_prev: ActionResult, formData: FormData): Promise<ActionResult> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  try {
    const removed = await removeRedactionPattern(getDb(), who.actor, text(formData, 'id'));
    revalidatePath('/admin/redaction');
    return { ok: true, message: `Removed ${removed.name}.` };
  } catch (error) {
    return failure(error);
  }
}
