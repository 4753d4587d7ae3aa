import { z } from 'zod';
import { importedDetailsOf } from '../domain/imported-result';
import { gEvalView } from '../metrics/g-eval/view';
import { importedStepsView } from './imported-steps-view';
import { metricDescriptor } from '../metrics/registry';
import type { StepsView } from '../metrics/shared/steps-view';

/** What the conversation view shows of a result's steps: its metric's view, or the JSON when they do not read. */
export type ResultSteps = { kind: 'view'; view: StepsView } | { kind: 'raw'; json: string };

export function parseResultSteps(metric: string, steps: unknown): ResultSteps {
  // A score another tool computed carries what that tool said of it, not a Turnwise metric's steps.
  const imported = importedDetailsOf(steps);
  if (imported) return { kind: 'view', view: importedStepsView(imported) };
  const descriptor = metricDescriptor(metric);
  // Any other name is a custom metric, whose steps start with its evaluation steps.
  const view = descriptor ? descriptor.view(steps) : gEvalView(steps);
  return view ? { kind: 'view', view } : { kind: 'raw', json: JSON.stringify(steps ?? null, null, 2) };
}

const callSchema = z.object({
  step: z.string(),
  cacheKey: z.string(),
  cached: z.boolean().default(false),
  promptTokens: z.number().default(0),
  completionTokens: z.number().default(0),
  messages: z.array(z.object({ role: z.string(), content: z.string() })).optional(),
  /** Requests of the step that gave no usable reply, with their cause. */
  retries: z.array(z.object({ attempt: z.number(), cause: z.string() })).optional(),
});

/** A judge call record as read back from a stored result (missing counts read as 0). */
export type StoredJudgeCall = z.infer<typeof callSchema>;

/** The result's judge call records; records that do not read are skipped and counted. */
export function parseJudgeCalls(calls: unknown): { calls: StoredJudgeCall[]; unreadable: number } {
  if (!Array.isArray(calls)) return { calls: [], unreadable: calls === null || calls === undefined ? 0 : 1 };
  const read = calls.map((c) => callSchema.safeParse(c));
  return { calls: read.flatMap((r) => (r.success ? [r.data] : [])), unreadable: read.filter((r) => !r.success).length };
}
