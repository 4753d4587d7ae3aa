import type { TurnVerdict, TurnVerdictValue } from '../../domain/verdict';

// A turn with an unjudged unit shows as errored unless a judged unit failed it.
const rank: Record<TurnVerdictValue, number> = { yes: 0, idk: 1, error: 2, no: 3 };

/**
 * One verdict per turn, as the per-turn map stores it: where a metric gave a turn several
 * verdicts, the worst one stands (no > error > idk > yes), with the lowest score and every reason.
 */
export function oneVerdictPerTurn(verdicts: TurnVerdict[]): TurnVerdict[] {
  const byTurn = new Map<number, TurnVerdict>();
  for (const v of verdicts) {
    const seen = byTurn.get(v.turn);
    if (!seen) {
      byTurn.set(v.turn, { ...v });
      continue;
    }
    const worse = rank[v.verdict] > rank[seen.verdict] ? v : seen;
    byTurn.set(v.turn, {
      turn: v.turn,
      verdict: worse.verdict,
      score: seen.score === undefined ? v.score : v.score === undefined ? seen.score : Math.min(seen.score, v.score),
      reason: [seen.reason, v.reason].filter(Boolean).join(' '),
    });
  }
  return [...byTurn.values()].sort((a, b) => a.turn - b.turn);
}
