import { metricLabel } from '../format/format';

/*
 * What a schedule starts, in words, from its stored request (and its dataset's name). Pure: the
 * list, the schedule's page and the audit log say it the same way.
 */

interface JudgeChoice {
  kind?: string;
  name?: string;
  model?: string;
}

const judgeOf = (judge: JudgeChoice | undefined): string => (!judge || judge.kind === 'offline' ? 'the offline judge' : `judge ${[judge.name, judge.model].filter(Boolean).join(' · ') || 'default'}`);

const metricsOf = (metrics: unknown[] | undefined): string =>
  (metrics ?? []).map((m) => metricLabel(typeof m === 'string' ? m : String((m as { name?: unknown }).name ?? '?'))).join(', ') || 'no metric';

/** "Scores Support with Knowledge retention, Conversation relevancy · the offline judge". */
export function describeScheduledWork(kind: string, request: unknown, datasetName: string): string {
  const r = (request ?? {}) as Record<string, unknown>;
  if (kind === 'run') return `Scores ${datasetName} with ${metricsOf(r.metrics as unknown[])} · ${judgeOf(r.judge as JudgeChoice)}`;
  const target = (r.target ?? {}) as Record<string, unknown>;
  const by = target.kind === 'http' ? `the app at ${String(target.url)}` : `model ${String(target.model)}${target.connection ? ` (connection ${String(target.connection)})` : ''}`;
  const evaluate = (r.evaluate ?? {}) as Record<string, unknown>;
  const scored = evaluate.compareWith ? `as run ${String(evaluate.compareWith)} was` : `with ${metricsOf(evaluate.metrics as unknown[])} · ${judgeOf(evaluate.judge as JudgeChoice)}`;
  return `Replays ${datasetName} with ${by} (${String(r.mode ?? 'teacher-forced')}) as “${String(r.modelVersion)}”, then scores it ${scored}`;
}

/** The dataset a schedule's request names. */
export const datasetIdOf = (request: unknown): string => String((request as { datasetId?: unknown } | null)?.datasetId ?? '');
