'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actAs } from '../identity/acting-principal';
import { projectPath } from '../nav/project-path';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { replayFieldErrors, replayRequestSchema } from '../replay';
import { runRequestFieldErrors, runRequestSchema } from '../runs';
import { createSchedule, deleteSchedule, runScheduleNow, setScheduleEnabled, updateSchedule } from '../schedules/manage-schedules';
import { scheduleFieldErrors, scheduleTimingSchema } from '../schedules/schedule-input';
import { failure, type ActionResult } from './action-result';

const idSchema = z.string().trim().min(1).max(100);

/** Every field error of a new schedule at once: its name and times, and its request as the replay or the new-run form names its fields. */
function newScheduleErrors(input: { name?: unknown; cron?: unknown; kind?: unknown; request?: unknown }): Record<string, string[]> {
  const timing = scheduleTimingSchema.safeParse({ name: input.name, cron: input.cron });
  const errors = timing.success ? {} : scheduleFieldErrors(timing.error);
  if (input.kind === 'replay') {
    const request = replayRequestSchema.safeParse(input.request);
    return request.success ? errors : { ...errors, ...replayFieldErrors(request.error) };
  }
  const request = runRequestSchema.safeParse(input.request);
  return request.success ? errors : { ...errors, ...runRequestFieldErrors(request.error, input.request) };
}

/** Saves a new schedule (editors) after the checks a start would make, then opens its page. */
export async function createScheduleAction(input: { name: string; cron: string; kind: 'replay' | 'run'; request: unknown }): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  const fieldErrors = newScheduleErrors(input);
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, message: 'Check the highlighted fields.' };
  let id: string;
  try {
    ({ id } = await createSchedule(getDb(), who.principal, input, process.env));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/schedules');
  redirect(projectPath(who.principal.project.slug, `/schedules/${id}`));
}

/** Runs `change` on a schedule and refreshes its pages. */
async function onSchedule(scheduleId: string, change: (id: string) => Promise<ActionResult | void>): Promise<ActionResult> {
  const id = idSchema.safeParse(scheduleId);
  if (!id.success) return { ok: false, message: 'No schedule given.' };
  let result: ActionResult | void;
  try {
    result = await change(id.data);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/schedules');
  revalidatePath(`/schedules/${id.data}`);
  return result ?? { ok: true };
}

/** Changes a schedule's name and times. */
export async function updateScheduleAction(scheduleId: string, input: { name: string; cron: string }): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const timing = scheduleTimingSchema.safeParse(input);
  if (!timing.success) return { ok: false, fieldErrors: scheduleFieldErrors(timing.error), message: 'Check the highlighted fields.' };
  return onSchedule(scheduleId, async (id) => {
    await updateSchedule(getDb(), who.principal, id, timing.data, process.env);
    return { ok: true, message: 'Saved.' };
  });
}

/** Pauses or resumes a schedule. */
export async function setScheduleEnabledAction(scheduleId: string, enabled: boolean): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  return onSchedule(scheduleId, async (id) => {
    await setScheduleEnabled(getDb(), who.principal, id, enabled === true, process.env);
  });
}

/** Starts a schedule now, by hand: what it says is what the start made, or why it made nothing. */
export async function runScheduleNowAction(scheduleId: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  return onSchedule(scheduleId, async (id) => {
    const outcome = await runScheduleNow(getDb(), who.principal, id, process.env);
    if (outcome.status === 'started') return { ok: true, message: outcome.replayId ? 'Started: the replay is queued; its run follows when it ends.' : 'Started: the run is queued.' };
    if (outcome.status === 'taken') return { ok: true, message: 'It was started a moment ago.' };
    return { ok: false, message: outcome.error };
  });
}

/** Deletes a schedule (the replays and runs it started stay), then opens the list. */
export async function deleteScheduleAction(scheduleId: string): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  const result = await onSchedule(scheduleId, async (id) => {
    await deleteSchedule(getDb(), who.principal, id);
  });
  if (!result.ok) return result;
  redirect(projectPath(who.principal.project.slug, '/schedules'));
}
