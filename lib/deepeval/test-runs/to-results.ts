import type { Turn, TurnVerdict } from '../../domain';
import type { ImportedDetails } from '../../domain/imported-result';
import type { ImportedResult } from '../../runs/imported/import-run';
import { DEEPEVAL_LIMITS } from '../limits';
import { turnwiseMetricName } from '../metric-names';
import { NO_TURN_VERDICTS, readVerboseLog } from '../verbose-logs';
import type { MetricData } from './schema';

/** A result before its conversation has an id, with the metric's options its log states (turn relevancy's window size). */
export type CaseResult = Omit<ImportedResult, 'conversationId'> & { options?: { windowSize?: number } };

/** A case's results, and what its logs taught about the conversation. */
export interface CaseResults {
  results: CaseResult[];
  /** The chatbot role deepeval's role adherence used (its client does not send it with the case). */
  chatbotRole?: string;
}

const cut = (value: string | undefined, max: number): string | undefined =>
  value === undefined || value.length <= max ? value : `${value.slice(0, max)}… (${(value.length - max).toLocaleString('en-US')} more characters not kept)`;

/**
 * Turnwise's name of each metric of a case: deepeval's, mapped where Turnwise has the same metric;
 * a name met again on the same case (two G-Evals named alike) gets " (2)", " (3)"… in order.
 */
export function metricNamesOf(metricsData: readonly MetricData[]): string[] {
  const seen = new Map<string, number>();
  return metricsData.map((m) => {
    const name = turnwiseMetricName(m.name);
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    return n === 1 ? name : `${name} (${n})`;
  });
}

/** The verdict of a single-turn case's one reply: the metric judged exactly that reply. */
function singleReplyVerdict(turns: readonly Turn[], m: MetricData): { verdicts: TurnVerdict[]; details: ImportedDetails['turnVerdicts'] } {
  const reply = turns.findIndex((t) => t.role === 'assistant');
  if (reply === -1) return { verdicts: [], details: { found: false, note: `${NO_TURN_VERDICTS}: the test case has no actual output` } };
  return {
    verdicts: [{ turn: reply, verdict: m.success ? 'yes' : 'no', ...(m.score !== undefined ? { score: m.score } : {}), reason: m.reason ?? '' }],
    details: { found: true, from: "the single-turn test case's one reply" },
  };
}

/**
 * A case's metric results as an imported run stores them: deepeval's score, pass, threshold,
 * strict mode, reason, error, cost and tokens, and the per-turn verdicts its verbose log gives
 * (or, for a single-turn case, its one reply's) — or a note that the log has none.
 */
export function resultsOfCase(metricsData: readonly MetricData[], turns: readonly Turn[], single: boolean): CaseResults {
  const names = metricNamesOf(metricsData);
  let chatbotRole: string | undefined;
  const results = metricsData.map((m, i): CaseResult => {
    const error = m.error ?? (m.score === undefined ? 'deepeval sent no score for this metric' : null);
    let verdicts: TurnVerdict[] = [];
    let turnVerdicts: ImportedDetails['turnVerdicts'];
    let options: CaseResult['options'];
    if (m.error) turnVerdicts = { found: false, note: `${NO_TURN_VERDICTS}: the metric errored` };
    else if (single) ({ verdicts, details: turnVerdicts } = singleReplyVerdict(turns, m));
    else {
      const reading = readVerboseLog(names[i], m.verboseLogs, turns);
      if (reading.found) {
        verdicts = reading.verdicts;
        chatbotRole ??= reading.chatbotRole;
        options = reading.options;
        turnVerdicts = { found: true, from: "deepeval's verbose log" };
      } else turnVerdicts = { found: false, note: `${NO_TURN_VERDICTS}: ${reading.why}` };
    }
    const strictMode = m.strictMode ?? false;
    return {
      ...(options ? { options } : {}),
      metric: names[i],
      score: error === null ? m.score! : null,
      success: error === null && (m.success ?? false),
      threshold: m.threshold ?? (strictMode ? 1 : 0.5),
      strictMode,
      reason: cut(m.reason, DEEPEVAL_LIMITS.reasonChars) ?? null,
      error: error === null ? null : cut(error, DEEPEVAL_LIMITS.reasonChars)!,
      verdicts,
      usage: { promptTokens: m.inputTokenCount, completionTokens: m.outputTokenCount, costUsd: m.evaluationCost },
      details: {
        origin: 'deepeval',
        ...(m.name !== names[i] ? { sourceMetric: m.name } : {}),
        ...(m.evaluationModel ? { judge: m.evaluationModel } : {}),
        turnVerdicts,
        ...(m.verboseLogs ? { log: cut(m.verboseLogs, DEEPEVAL_LIMITS.logStoredChars) } : {}),
        ...(m.flaky ? { facts: { flaky: true } } : {}),
      },
    };
  });
  return { results, ...(chatbotRole ? { chatbotRole } : {}) };
}
