/*
 * Some metrics are judged in plain words no rule reads honestly: custom (G-Eval) metrics, whose
 * criteria the offline judge cannot read, and built-in metrics whose descriptor says
 * needsLlmJudge (a persona, an intention, a topic). The offline judge would give them a number
 * that means nothing, so every place that starts work (a run, a replay that will score, an
 * online rule, the try-it panel, the REST API, the CLI) refuses the pair before anything is spent,
 * with this one sentence. Pure and free of the registry, so the forms decide it as the server does.
 */

/** A metric as the decision needs it: custom, or a built-in whose descriptor says needsLlmJudge. */
export interface MetricJudgeNeeds {
  name: string;
  custom?: unknown;
  needsLlmJudge?: boolean;
}

/** The metrics of a selection the judge cannot score: with the offline judge, those that need an LLM judge; none with an LLM judge. */
export function metricsNeedingLlmJudge(judgeKind: string, metrics: readonly MetricJudgeNeeds[]): string[] {
  if (judgeKind !== 'offline') return [];
  return metrics.filter((m) => Boolean(m.custom) || m.needsLlmJudge === true).map((m) => m.name);
}

/** The one sentence, naming the metrics. */
export function llmJudgeRefusal(names: readonly string[]): string {
  const [verb, them] = names.length > 1 ? ['need', 'them'] : ['needs', 'it'];
  return `${names.join(', ')} ${verb} an LLM judge: the offline judge cannot score ${them}. Choose an LLM judge (set OPENAI_API_KEY or add a judge connection), or leave ${them} out.`;
}

/** The refusal for a judge and a selection of metrics, or null when the judge can score them all. */
export function offlineJudgeRefusal(judgeKind: string, metrics: readonly MetricJudgeNeeds[]): string | null {
  const names = metricsNeedingLlmJudge(judgeKind, metrics);
  return names.length > 0 ? llmJudgeRefusal(names) : null;
}
