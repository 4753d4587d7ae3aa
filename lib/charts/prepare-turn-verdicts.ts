import { formatScore, metricLabel } from '../format/format';
import { metricRank } from '../metrics/registry';
import { CELL_STYLES, isVerdict, worstVerdict, type CellState } from './verdict-palette';

export interface TurnVerdictSource {
  metric: string;
  turnIndex: number;
  verdict: string;
  score: number | null;
  reason: string;
}

export interface PreparedVerdictChip {
  metric: string;
  title: string;
  state: CellState;
  /** "Failed", "Undecided (idk)", "Passed". */
  label: string;
  colour: string;
  border: string;
  /** The label's colour on `colour`. */
  ink: string;
  /** The unit's score (window, turn) when the metric gives one; null otherwise. */
  score: string | null;
  reason: string;
}

export interface PreparedTurnVerdicts {
  turnIndex: number;
  /** Worst verdict of the turn, or unjudged/user when no metric judged it. */
  state: CellState;
  colour: string;
  /** A metric said "no" on this turn. */
  failing: boolean;
  chips: PreparedVerdictChip[];
}

export interface PreparedConversationVerdicts {
  turns: PreparedTurnVerdicts[];
  /** Index of the first turn some metric failed; null when none did. */
  firstFailingTurn: number | null;
  failingTurns: number;
}

/** The verdicts beside each turn of a conversation, metrics in their usual order. */
export function prepareTurnVerdicts(roles: string[], verdicts: TurnVerdictSource[]): PreparedConversationVerdicts {
  const byTurn = new Map<number, TurnVerdictSource[]>();
  for (const v of verdicts) {
    if (!isVerdict(v.verdict) || v.turnIndex < 0 || v.turnIndex >= roles.length) continue;
    byTurn.set(v.turnIndex, [...(byTurn.get(v.turnIndex) ?? []), v]);
  }
  const turns = roles.map((role, i): PreparedTurnVerdicts => {
    const own = (byTurn.get(i) ?? []).sort((a, b) => metricRank(a.metric) - metricRank(b.metric) || a.metric.localeCompare(b.metric));
    const worst = worstVerdict(own.map((v) => v.verdict));
    const state: CellState = worst ?? (role === 'user' ? 'user' : 'unjudged');
    return {
      turnIndex: i,
      state,
      colour: CELL_STYLES[state].colour,
      failing: worst === 'no',
      chips: own.map((v) => {
        const style = CELL_STYLES[v.verdict as CellState];
        return {
          metric: v.metric,
          title: metricLabel(v.metric),
          state: style.state,
          label: style.label,
          colour: style.colour,
          border: style.border,
          ink: style.ink,
          score: v.score === null ? null : formatScore(v.score),
          reason: v.reason,
        };
      }),
    };
  });
  const failing = turns.filter((t) => t.failing);
  return { turns, firstFailingTurn: failing[0]?.turnIndex ?? null, failingTurns: failing.length };
}
