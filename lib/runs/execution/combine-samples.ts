import type { MetricResult } from '../../domain/metric-result';
import type { TurnVerdict, TurnVerdictValue } from '../../domain/verdict';
import { oneVerdictPerTurn } from '../aggregates/turn-verdict-rows';

const PRIORITY: Record<TurnVerdictValue, number> = { no: 0, yes: 1, idk: 2, error: 3 };

/**
 * Several measurements of one item (samples of a noisy judge) as one result: each turn's verdict
 * is the majority of the samples' verdicts (a tie goes to "no", then "yes"), with its vote share
 * and the reason of the first sample that gave it; the score is the mean of the samples' scores
 * and passes at the first sample's threshold; usage and calls add up.
 */
export function combineSamples(samples: MetricResult[]): MetricResult {
  const [first] = samples;
  if (samples.length === 1) return first;
  const perTurn = new Map<number, TurnVerdict[]>();
  for (const sample of samples) for (const v of oneVerdictPerTurn(sample.verdicts)) perTurn.set(v.turn, [...(perTurn.get(v.turn) ?? []), v]);
  const verdicts = [...perTurn.entries()]
    .sort(([a], [b]) => a - b)
    .map(([turn, votes]): TurnVerdict => {
      const counts = new Map<TurnVerdictValue, number>();
      for (const v of votes) counts.set(v.verdict, (counts.get(v.verdict) ?? 0) + 1);
      const [majority, count] = [...counts.entries()].sort((a, b) => b[1] - a[1] || PRIORITY[a[0]] - PRIORITY[b[0]])[0];
      const chosen = votes.find((v) => v.verdict === majority)!;
      const scores = votes.filter((v) => v.verdict === majority && v.score !== undefined).map((v) => v.score!);
      return {
        turn,
        verdict: majority,
        ...(scores.length ? { score: scores.reduce((a, b) => a + b, 0) / scores.length } : {}),
        reason: chosen.reason,
        voteShare: count / samples.length,
      };
    });
  const scored = samples.filter((s) => s.score !== null).map((s) => s.score!);
  const score = scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : null;
  const sum = (key: keyof MetricResult['usage']) => samples.reduce((n, s) => n + s.usage[key], 0);
  return {
    ...first,
    score,
    success: score !== null && score >= first.threshold,
    error: score === null ? first.error : null,
    verdicts,
    warnings: [...new Set(samples.flatMap((s) => s.warnings))],
    steps: { ...first.steps, samples: samples.map((s) => ({ score: s.score, reason: s.reason, verdicts: oneVerdictPerTurn(s.verdicts).map(({ turn, verdict }) => ({ turn, verdict })) })) },
    calls: samples.flatMap((s) => s.calls),
    usage: { calls: sum('calls'), cacheHits: sum('cacheHits'), promptTokens: sum('promptTokens'), completionTokens: sum('completionTokens'), costUsd: sum('costUsd') },
  };
}
