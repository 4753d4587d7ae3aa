import { AppError } from '../errors';
import { llmOnlyMetricsOnOfflineJudge, llmOnlyMetricsRefusal } from '../metrics/needs-llm-judge';

/** Refuses, before anything is stored or judged, a run that would have the offline judge score a metric that needs an LLM judge. */
export function refuseLlmOnlyMetricsOnOffline(judgeKind: string, metrics: readonly { name: string; custom?: unknown }[], field = 'metrics'): void {
  const names = llmOnlyMetricsOnOfflineJudge(judgeKind, metrics);
  if (names.length > 0) throw new AppError('BAD_INPUT', llmOnlyMetricsRefusal(names), { field });
}
