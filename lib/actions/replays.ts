'use server';

import { projectPath } from '../nav/project-path';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actAs } from '../identity/acting-principal';
import { mayChange } from '../identity/roles';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { getReplayRow } from '../db/queries/replays/get-replay';
import { AppError } from '../errors';
import { cancelReplay, estimateReplay, rescoreReplay, retryReplay, startReplay, type ReplayEstimate, type ReplayRequestInput } from '../replay';
import { replayRequestSchema } from '../replay/replay-request';
import { replayFieldErrors } from '../replay/replay-field-errors';
import { failure, type ActionResult } from './action-result';
import type { Principal } from '../identity/principal';

/** Checks a replay, queues it for the worker and opens its page. */
export async function startReplayAction(input: ReplayRequestInput): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  const parsed = replayRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: replayFieldErrors(parsed.error), message: 'Check the highlighted fields.' };
  let id: string;
  try {
    ({ id } = await startReplay(getDb(), who.principal.project.id, parsed.data, who.principal));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/replays');
  redirect(projectPath(who.principal.project.slug, `/replays/${id}`));
}

/** Target calls, tokens, judge calls and cost the replay would have; nothing is written. */
export async function estimateReplayAction(input: ReplayRequestInput): Promise<ActionResult & { estimate?: ReplayEstimate }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const parsed = replayRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: replayFieldErrors(parsed.error), message: 'Fix the highlighted fields to see the estimate.' };
  try {
    return { ok: true, estimate: await estimateReplay(getDb(), who.principal.project.id, parsed.data, process.env, who.principal) };
  } catch (error) {
    return failure(error);
  }
}

const replayIdSchema = z.string().trim().min(1).max(100);

/** Runs `change` on a replay the signed-in editor may change, and refreshes its pages. */
async function onReplay(replayId: string, change: (id: string, principal: Principal) => Promise<unknown>): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const id = replayIdSchema.safeParse(replayId);
  if (!id.success) return { ok: false, message: 'No replay given.' };
  try {
    const row = await getReplayRow(getDb(), who.principal.project.id, id.data);
    if (!mayChange(who.principal, row.createdById)) throw new AppError('FORBIDDEN', 'Only an admin or the editor who started this replay may change it');
    await change(id.data, who.principal);
  } catch (error) {
    return failure(error);
  }
  revalidatePath(`/replays/${id.data}`);
  revalidatePath('/replays');
  return { ok: true };
}

/** Stops a queued or running replay: the worker aborts its requests within a second or two. */
export async function cancelReplayAction(replayId: string): Promise<ActionResult> {
  return onReplay(replayId, (id, principal) => cancelReplay(getDb(), principal.project.id, id, principal));
}

/** Generates the errored turns of an ended replay again, into a new dataset version. */
export async function retryReplayAction(replayId: string): Promise<ActionResult> {
  return onReplay(replayId, (id, principal) => retryReplay(getDb(), principal.project.id, id, process.env, principal));
}

/** Starts the scoring of a replay's new version again, after it failed; nothing is generated. */
export async function rescoreReplayAction(replayId: string): Promise<ActionResult> {
  return onReplay(replayId, (id, principal) => rescoreReplay(getDb(), principal.project.id, id, process.env, principal));
}
