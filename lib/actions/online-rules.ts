'use server';

import { projectPath } from '../nav/project-path';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actAs } from '../identity/acting-principal';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { createRule, updateRule } from '../online/rules';
import { failure, type ActionResult } from './action-result';

const idSchema = z.string().trim().min(1).max(100);

/** Creates a rule (id null) or changes one, then opens its page; a bad field comes back beside its input. */
export async function saveOnlineRuleAction(id: string | null, input: unknown): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  let ruleId: string;
  try {
    const rule = id === null ? await createRule(getDb(), who.principal, input, process.env) : await updateRule(getDb(), who.principal, idSchema.parse(id), input, process.env);
    ruleId = rule.id;
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/online');
  redirect(projectPath(who.principal.project.slug, `/online/${ruleId}`));
}

/** Pauses or resumes a rule. */
export async function setOnlineRuleEnabledAction(id: string, enabled: boolean): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  try {
    await updateRule(getDb(), who.principal, idSchema.parse(id), { enabled: enabled === true }, process.env);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/online');
  revalidatePath(`/online/${id}`);
  return { ok: true };
}
