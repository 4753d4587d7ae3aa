import { AppError } from '../errors';
import { customMetricsOnOfflineJudge, customMetricsRefusal } from '../metrics/g-eval/needs-llm-judge';

/** Refuses, before anything is stored or judged, a run that would have the offline judge score custom metrics. */
export function refuseCustomMetricsOnOffline(judgeKind: string, metrics: readonly { name: string; custom?: unknown }[], field = 'metrics'): void {
  const names = customMetricsOnOfflineJudge(judgeKind, metrics);
  if (names.length > 0) throw new AppError('BAD_INPUT', customMetricsRefusal(names), { field });
}
