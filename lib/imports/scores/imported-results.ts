import type { ImportedScore, ScoredConversation } from '../../datasets/imported-scores';
import type { TurnVerdict } from '../../domain';
import type { ImportedResult, ImportedRun } from '../../runs/imported/import-run';

/** A tool gives no pass mark for a score: this one, as Turnwise's metrics default to. */
const DEFAULT_THRESHOLD = 0.5;

type RunMetrics = ImportedRun['metrics'];

const mean = (values: number[]): number => values.reduce((a, b) => a + b, 0) / values.length;

/**
 * One metric's scores of one conversation as one result: the score the tool gave the whole
 * conversation, or the mean of those it gave its turns (each then a per-turn verdict on the reply
 * it judged, pass → yes, fail → no, errored → error). It passes when its score passed, or when
 * every scored turn did.
 */
function resultOf(conversationId: string, scores: Scaled[], threshold: number): ImportedResult {
  const [first] = scores;
  const whole = scores.find((s) => s.turn === undefined);
  const onTurns = scores.filter((s) => s.turn !== undefined);
  const verdicts: TurnVerdict[] = onTurns.map((s) => ({
    turn: s.turn!,
    verdict: s.score === null ? 'error' : s.success ? 'yes' : 'no',
    ...(s.score !== null ? { score: s.score } : {}),
    reason: (s.score === null ? s.error : s.reason) ?? '',
  }));
  let score: number | null;
  let success: boolean;
  let reason: string | null;
  let error: string | null = null;
  if (whole) {
    score = whole.score;
    success = whole.success;
    reason = whole.reason ?? null;
    error = whole.score === null ? (whole.error ?? `${whole.origin} gave no score`) : null;
  } else {
    const scored = onTurns.filter((s) => s.score !== null);
    score = scored.length ? mean(scored.map((s) => s.score!)) : null;
    success = scored.length === onTurns.length && onTurns.every((s) => s.success);
    reason = onTurns.length === 1 ? (onTurns[0].reason ?? null) : `Mean of the scores ${first.origin} gave ${onTurns.length} replies (${onTurns.filter((s) => s.success).length} passed): each is on its turn.`;
    error = score === null ? (onTurns.find((s) => s.error)?.error ?? `${first.origin} gave no score`) : null;
  }
  return {
    conversationId,
    metric: first.metric,
    score,
    success: score !== null && success,
    threshold,
    strictMode: false,
    reason: score === null ? null : reason,
    error,
    verdicts,
    details: {
      origin: first.origin,
      ...(first.sourceMetric ? { sourceMetric: first.sourceMetric } : {}),
      judge: first.judge,
      // The number the tool stored, when it was read onto [0, 1] (one score: the whole conversation's, or a single reply's).
      ...(scores.length === 1 && scores[0].storedValue !== undefined ? { facts: { storedValue: scores[0].storedValue } } : {}),
      turnVerdicts: onTurns.length
        ? { found: true, from: `${first.origin}'s ${onTurns.length === 1 ? 'score of the reply it judged' : 'scores of the replies it judged'}` }
        : { found: false, note: `No per-turn verdicts: ${first.origin} scored the conversation as a whole` },
    },
  };
}

const SCALES = [1, 5, 10, 100];

/**
 * A metric's scores read into [0, 1] when the tool gave some outside it (a 1–5 rating): on the
 * smallest of the scales 1, 5, 10 and 100 that holds its largest value (that value itself past
 * 100), from 0, or from minus the scale when one is negative. Null when they already lie in [0, 1].
 */
function scaleOf(scores: ImportedScore[]): { from: number; to: number } | null {
  const values = scores.map((s) => s.score).filter((v): v is number => v !== null);
  if (values.every((v) => v >= 0 && v <= 1)) return null;
  const top = Math.max(...values.map(Math.abs));
  const to = SCALES.find((s) => s >= top) ?? top;
  return { from: values.some((v) => v < 0) ? -to : 0, to };
}

type Scaled = ImportedScore & { storedValue?: number };

/** Scores of one metric put on [0, 1] where needed (their scale kept in the metric's settings); a pass the tool did not decide itself is read again on it. */
function onUnitScale(scores: ImportedScore[]): Map<ImportedScore, Scaled> | null {
  const scale = scaleOf(scores);
  if (!scale) return null;
  return new Map(
    scores.map((s) => {
      if (s.score === null) return [s, s];
      const score = (s.score - scale.from) / (scale.to - scale.from);
      const decided = s.origin === 'promptfoo';
      return [s, { ...s, score, storedValue: s.score, success: decided ? s.success : score >= (s.threshold ?? DEFAULT_THRESHOLD), settings: { ...s.settings, storedScale: `${scale.from}…${scale.to}` } }];
    }),
  );
}

/**
 * A file's scores as an imported run's metrics and results: one result per conversation and
 * metric, in the order of the conversations; each metric's pass mark and settings as the tool
 * gave them where it first named them.
 */
export function importedResults(scored: ScoredConversation[], conversationIds: string[]): { metrics: RunMetrics; results: ImportedResult[] } {
  const metrics: RunMetrics = {};
  const results: ImportedResult[] = [];
  // A metric's scale is read from all its scores in the file.
  const all = new Map<string, ImportedScore[]>();
  for (const { scores } of scored) for (const s of scores) all.set(s.metric, [...(all.get(s.metric) ?? []), s]);
  const scaled = new Map([...all].map(([metric, list]) => [metric, onUnitScale(list)]));
  for (const { position, scores } of scored) {
    const byMetric = new Map<string, Scaled[]>();
    for (const s of scores) byMetric.set(s.metric, [...(byMetric.get(s.metric) ?? []), scaled.get(s.metric)?.get(s) ?? s]);
    for (const [metric, list] of byMetric) {
      const withThreshold = list.find((s) => s.threshold !== undefined);
      metrics[metric] ??= {
        threshold: withThreshold?.threshold ?? DEFAULT_THRESHOLD,
        strictMode: false,
        ...(list[0].sourceMetric ? { sourceMetric: list[0].sourceMetric } : {}),
        ...list.find((s) => s.settings)?.settings,
      };
      results.push(resultOf(conversationIds[position], list, metrics[metric].threshold));
    }
  }
  return { metrics, results };
}
