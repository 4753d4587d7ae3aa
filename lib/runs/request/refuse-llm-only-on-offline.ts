import { AppError } from '../../errors';
import { customMetricsOnOfflineJudge, customMetricsRefusal } from '../../metrics/g-eval/needs-llm-judge';
import { llmOnlyMetricsOnOfflineJudge, llmOnlyMetricsRefusal } from '../../metrics/needs-llm-judge';

/**
 * Refuses, before anything is stored or judged, a run that would have the offline judge score a
 * metric only an LLM judge can score honestly: custom (G-Eval) metrics, and built-in metrics whose
 * descriptor says needsLlmJudge. `customField` names where custom metrics came from (the CLI's --metric-file).
 */
export function refuseLlmOnlyMetricsOnOffline(judgeKind: string, metrics: readonly { name: string; custom?: unknown }[], field = 'metrics', customField = field): void {
  const custom = customMetricsOnOfflineJudge(judgeKind, metrics);
  if (custom.length > 0) throw new AppError('BAD_INPUT', customMetricsRefusal(custom), { field: customField });
  const builtIn = llmOnlyMetricsOnOfflineJudge(judgeKind, metrics);
  if (builtIn.length > 0) throw new AppError('BAD_INPUT', llmOnlyMetricsRefusal(builtIn), { field });
}
