'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createAlert, deleteAlert, updateAlert } from '../alerts/rules';
import { sendTestAlert } from '../alerts/send-test';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { actAs } from '../identity/acting-principal';
import { projectPath } from '../nav/project-path';
import { failure, type ActionResult } from './action-result';

const idSchema = z.string().trim().min(1).max(100);

/** Creates an alert rule (id null) or changes one, then opens its page; a bad field comes back beside its input. */
export async function saveAlertRuleAction(id: string | null, input: unknown): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  let ruleId: string;
  try {
    const rule = id === null ? await createAlert(getDb(), who.principal, input, process.env) : await updateAlert(getDb(), who.principal, idSchema.parse(id), input, process.env);
    ruleId = rule.id;
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/alerts');
  redirect(projectPath(who.principal.project.slug, `/alerts/${ruleId}`));
}

/** Pauses or resumes a rule. */
export async function setAlertRuleEnabledAction(id: string, enabled: boolean): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  try {
    await updateAlert(getDb(), who.principal, idSchema.parse(id), { enabled: enabled === true }, process.env);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/alerts');
  revalidatePath(`/alerts/${id}`);
  return { ok: true };
}

/** "Send test": one alert sent now, its outcome said beside the button and kept in the history. */
export async function sendTestAlertAction(id: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  try {
    const outcome = await sendTestAlert(getDb(), who.principal, idSchema.parse(id), process.env);
    revalidatePath(`/alerts/${id}`);
    return outcome.delivered ? { ok: true, message: `Delivered: HTTP ${outcome.status} in ${outcome.ms} ms.` } : { ok: false, message: `Not delivered: ${outcome.error}` };
  } catch (error) {
    return failure(error);
  }
}

export async function deleteAlertRuleAction(id: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  try {
    await deleteAlert(getDb(), who.principal, idSchema.parse(id));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/alerts');
  redirect(projectPath(who.principal.project.slug, '/alerts'));
}
