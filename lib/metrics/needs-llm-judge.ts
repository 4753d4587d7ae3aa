import { AppError } from '../errors';
import { metricsNeedingLlmJudge, offlineJudgeRefusal } from './llm-judge-refusal';
import { metricDescriptor } from './registry';

/** A selection of metrics by name, a custom one marked (its definition, or true). */
type Selection = readonly { name: string; custom?: unknown }[];

/** The selection with each built-in metric's needsLlmJudge read from its descriptor. */
const withNeeds = (metrics: Selection) => metrics.map((m) => ({ ...m, needsLlmJudge: !m.custom && metricDescriptor(m.name)?.needsLlmJudge === true }));

/** The metrics of a selection that need an LLM judge, when the judge is the offline one (custom metrics included); empty otherwise. */
export const llmOnlyMetricsOnOfflineJudge = (judgeKind: string, metrics: Selection): string[] => metricsNeedingLlmJudge(judgeKind, withNeeds(metrics));

/**
 * Refuses, before anything is stored, judged or generated, work that would have the offline judge
 * score a metric only an LLM judge can score (llm-judge-refusal.ts says which, in one sentence).
 * `field` names where the metrics came from; `customField` where custom ones did (the CLI's --metric-file).
 */
export function refuseLlmOnlyMetricsOnOffline(judgeKind: string, metrics: Selection, field = 'metrics', customField = field): void {
  const refusal = offlineJudgeRefusal(judgeKind, withNeeds(metrics));
  if (refusal === null) return;
  const custom = metricsNeedingLlmJudge(judgeKind, metrics.filter((m) => m.custom));
  throw new AppError('BAD_INPUT', refusal, { field: custom.length > 0 ? customField : field });
}
