import { metricDescriptor } from './registry';

/** Its per-turn verdicts judge the turn's retrieval context, not its message (the descriptor's verdictOn). */
export const verdictOnRetrieval = (metric: string): boolean => metricDescriptor(metric)?.verdictOn === 'retrieval_context';

/** Why a built-in metric is offered unchecked; null for one in the default set (and for custom metrics, which are never preselected). */
export const notInDefaultSet = (metric: string): string | null => metricDescriptor(metric)?.notInDefaultSet ?? null;

/**
 * Whether a form offers the metric checked: a built-in metric of the default set that applies to
 * some conversation and that the preselected judge can score. Custom metrics cost judge calls the
 * user did not ask for, and are offered unchecked.
 */
export function preselectMetric(metric: { name: string; custom: unknown; conversations: number }, judgeKind: string): boolean {
  const descriptor = metricDescriptor(metric.name);
  if (metric.custom || !descriptor || metric.conversations === 0 || descriptor.notInDefaultSet) return false;
  return !(descriptor.needsLlmJudge && judgeKind === 'offline');
}
