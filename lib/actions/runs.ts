'use server';

import { projectPath } from '../nav/project-path';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actAs } from '../identity/acting-principal';
import { recordAudit } from '../auth/audit';
import { assertMayChange } from '../auth/ownership';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { failure, type ActionResult } from './action-result';
import { cancelRun } from '../runs/lifecycle';
import { enqueueRun } from '../runs/queue/enqueue-run';
import { previewRun, type RunPreview } from '../runs/request/preview-run';
import { retryErroredResults } from '../runs/queue/retry-errored-results';
import { runRequestFieldErrors, runRequestSchema, type RunRequestInput } from '../runs/request/run-request';

/** Validates a new run, queues it and opens its page; the run executes in the background. */
export async function startRunAction(input: RunRequestInput): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  const parsed = runRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, fieldErrors: runRequestFieldErrors(parsed.error, input), message: 'Check the highlighted fields.' };
  }
  let runId: string;
  try {
    ({ runId } = await enqueueRun(getDb(), who.principal.project.id, parsed.data, process.env));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/runs');
  revalidatePath(`/datasets/${parsed.data.datasetId}`);
  redirect(projectPath(who.principal.project.slug, `/runs/${runId}`));
}

/** Judge calls, tokens, cost and cached replies the run would have; nothing is written. */
export async function previewRunAction(input: RunRequestInput): Promise<ActionResult & { preview?: RunPreview }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = runRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: runRequestFieldErrors(parsed.error, input) };
  try {
    return { ok: true, preview: await previewRun(getDb(), who.principal.project.id, parsed.data, process.env) };
  } catch (error) {
    return failure(error);
  }
}

const runIdSchema = z.string().trim().min(1).max(100);

/** Runs `change` on one run by id and refreshes its pages. */
async function onRun(runId: string, change: (id: string) => Promise<unknown>): Promise<ActionResult> {
  const id = runIdSchema.safeParse(runId);
  if (!id.success) return { ok: false, message: 'No run given.' };
  try {
    await change(id.data);
  } catch (error) {
    return failure(error);
  }
  revalidatePath(`/runs/${id.data}`);
  revalidatePath('/runs');
  return { ok: true };
}

/** Stops a queued or running run: its workers take no more items. */
export async function cancelRunAction(runId: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  return onRun(runId, async (id) => {
    await assertMayChange(getDb(), who.principal, 'run', id);
    await cancelRun(getDb(), who.principal.project.id, id);
    await recordAudit(getDb(), who.principal, 'run.cancel', id);
  });
}

/** Queues an ended run again for just its errored results. */
export async function retryErroredAction(runId: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  return onRun(runId, async (id) => {
    await assertMayChange(getDb(), who.principal, 'run', id);
    await retryErroredResults(getDb(), who.principal.project.id, id, process.env);
  });
}
