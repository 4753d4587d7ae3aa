'use server';

import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getDb } from '../db/client';
import { isAppError } from '../errors';
import { cancelRun } from '../runs/cancel-run';
import { enqueueRun } from '../runs/enqueue-run';
import { previewRun, type RunPreview } from '../runs/preview-run';
import { runRequestFieldErrors, runRequestSchema, type RunRequestInput } from '../runs/run-request';

export type { RunRequestInput } from '../runs/run-request';
export type { RunPreview } from '../runs/preview-run';

export interface ActionResult {
  ok: boolean;
  fieldErrors?: Record<string, string[]>;
  message?: string;
}

function failure(error: unknown): ActionResult {
  if (isAppError(error) && error.code !== 'INTERNAL') {
    const field = typeof error.details?.field === 'string' ? error.details.field : null;
    return { ok: false, message: error.message, ...(field ? { fieldErrors: { [field]: [error.message] } } : {}) };
  }
  console.error(error);
  return { ok: false, message: 'Something went wrong on the server; see its log.' };
}

/** Validates a new run, queues it and opens its page; the run executes in the background. */
export async function startRunAction(input: RunRequestInput): Promise<ActionResult> {
  const parsed = runRequestSchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, fieldErrors: runRequestFieldErrors(parsed.error, input), message: 'Check the highlighted fields.' };
  }
  let runId: string;
  try {
    ({ runId } = await enqueueRun(getDb(), parsed.data, process.env));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/runs');
  revalidatePath(`/datasets/${parsed.data.datasetId}`);
  redirect(`/runs/${runId}`);
}

/** Judge calls, tokens, cost and cached replies the run would have; nothing is written. */
export async function previewRunAction(input: RunRequestInput): Promise<ActionResult & { preview?: RunPreview }> {
  const parsed = runRequestSchema.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: runRequestFieldErrors(parsed.error, input) };
  try {
    return { ok: true, preview: await previewRun(getDb(), parsed.data, process.env) };
  } catch (error) {
    return failure(error);
  }
}

/** Stops a queued or running run: its workers take no more items. */
export async function cancelRunAction(runId: string): Promise<ActionResult> {
  const id = z.string().trim().min(1).max(100).safeParse(runId);
  if (!id.success) return { ok: false, message: 'No run given.' };
  try {
    await cancelRun(getDb(), id.data);
  } catch (error) {
    return failure(error);
  }
  revalidatePath(`/runs/${id.data}`);
  revalidatePath('/runs');
  return { ok: true };
}
