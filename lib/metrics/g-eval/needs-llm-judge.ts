/*
 * A custom (G-Eval) metric is criteria in plain words, scored by a model that reads them. The
 * offline judge reads no prompt: it could only count the criteria's words in the replies, a
 * number that looks like a score and is not one. So a run refuses the pair before it starts.
 */

/** The sentence every surface (form, REST API, CLI) gives when a custom metric meets the offline judge. */
export const CUSTOM_METRIC_NEEDS_LLM_JUDGE =
  'Custom metrics need an LLM judge: the offline judge cannot read their criteria, so it cannot score them. Choose an LLM judge (set OPENAI_API_KEY or add a judge connection), or leave the custom metrics out.';

/** The refusal for some custom metrics on the offline judge, naming them. */
export function customMetricsRefusal(names: readonly string[]): string {
  return `${names.join(', ')}: ${CUSTOM_METRIC_NEEDS_LLM_JUDGE}`;
}

/** The custom metrics of a selection that the offline judge would have to score; empty for an LLM judge. */
export function customMetricsOnOfflineJudge(judgeKind: string, metrics: readonly { name: string; custom?: unknown }[]): string[] {
  return judgeKind === 'offline' ? metrics.filter((m) => m.custom).map((m) => m.name) : [];
}
