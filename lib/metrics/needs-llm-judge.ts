import { metricDescriptor } from './registry';

/*
 * Some built-in metrics judge what no rule reads honestly (does a reply stay in a persona, were
 * the user's intentions met): their descriptors say needsLlmJudge. The offline judge would give
 * them a number that means nothing, so a run refuses the pair before it starts.
 */

/** The sentence every surface (new-run form and its estimate, REST API, CLI) gives. */
export const BUILT_IN_METRIC_NEEDS_LLM_JUDGE =
  'an LLM judge: the offline judge has no honest rule for it. Choose an LLM judge (set OPENAI_API_KEY or add a judge connection), or leave the metric out.';

/** The built-in metrics of a selection that need an LLM judge, when the judge is the offline one; empty otherwise. */
export function llmOnlyMetricsOnOfflineJudge(judgeKind: string, metrics: readonly { name: string; custom?: unknown }[]): string[] {
  if (judgeKind !== 'offline') return [];
  return metrics.filter((m) => !m.custom && metricDescriptor(m.name)?.needsLlmJudge).map((m) => m.name);
}

/** The refusal naming those metrics. */
export const llmOnlyMetricsRefusal = (names: readonly string[]): string =>
  `${names.join(', ')} ${names.length > 1 ? 'need' : 'needs'} ${BUILT_IN_METRIC_NEEDS_LLM_JUDGE}`;
