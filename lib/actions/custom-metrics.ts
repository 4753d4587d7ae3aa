'use server';

import { projectPath } from '../nav/project-path';
import { revalidatePath } from 'next/cache';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { actAs } from '../identity/acting-principal';
import { actionPrincipal } from '../auth/session';
import { checkCustomDefinition } from '../custom-metrics/check-definition';
import { customMetricJudge } from '../custom-metrics/metric-judge';
import { saveCustomMetric } from '../custom-metrics/save-custom-metric';
import { tryCustomMetric, type CustomMetricTrial } from '../custom-metrics/try-custom-metric';
import { withEvaluationSteps } from '../custom-metrics/write-steps';
import { getDb } from '../db/client';
import { judgeSelectionSchema } from '../judge/config';
import { failure, type ActionResult } from './action-result';

/** What the metric editor sends: the definition as typed, and the judge that writes steps and tries it. */
export interface MetricEditorInput {
  definition: Record<string, unknown>;
  judge: z.input<typeof judgeSelectionSchema>;
}

const judgeOf = (input: MetricEditorInput) => {
  const parsed = judgeSelectionSchema.safeParse(input.judge);
  return parsed.success ? parsed.data : undefined;
};

/** The evaluation steps the judge writes from the criteria (one call); nothing is saved. */
export async function writeStepsAction(input: MetricEditorInput): Promise<ActionResult & { steps?: string[] }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  try {
    const definition = checkCustomDefinition({ ...input.definition, evaluationSteps: undefined });
    const { judge } = await customMetricJudge(getDb(), who.principal.project.id, judgeOf(input), process.env);
    const ready = await withEvaluationSteps(definition, judge);
    return { ok: true, steps: ready.definition.evaluationSteps };
  } catch (error) {
    return failure(error);
  }
}

/** The definition measured on one conversation of a dataset; nothing is saved. */
export async function tryMetricAction(
  input: MetricEditorInput & { datasetId: string; conversation: number },
): Promise<ActionResult & { trial?: CustomMetricTrial }> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  try {
    const definition = checkCustomDefinition(input.definition);
    const { judge } = await customMetricJudge(getDb(), who.principal.project.id, judgeOf(input), process.env);
    const trial = await tryCustomMetric(getDb(), who.principal.project.id, { definition, datasetId: input.datasetId, conversation: input.conversation }, judge);
    // Plain data for the client: the result's dates and classes stay on the server.
    return { ok: true, trial: JSON.parse(JSON.stringify(trial)) as CustomMetricTrial };
  } catch (error) {
    return failure(error);
  }
}

/** Saves the definition as the metric's next version and opens its page. */
export async function saveMetricAction(input: MetricEditorInput): Promise<ActionResult> {
  const who = await actionPrincipal('editor');
  if (!who.ok) return who.refusal;
  actAs(who.principal);
  let saved: { name: string; version: number; created: boolean };
  try {
    const { metric, created } = await saveCustomMetric(getDb(), who.principal.project.id, input.definition, {
      judge: async () => (await customMetricJudge(getDb(), who.principal.project.id, judgeOf(input), process.env)).judge,
      createdBy: who.principal.email,
      principal: who.principal,
    });
    saved = { name: metric.name, version: metric.version, created };
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/metrics');
  revalidatePath(`/metrics/${saved.name}`);
  redirect(projectPath(who.principal.project.slug, `/metrics/${saved.name}?${saved.created ? 'saved' : 'unchanged'}=${saved.version}`));
}
