import { formatScore, metricLabel } from '../format/format';
import { verdictOnRetrieval } from '../metrics/default-set';
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

/** The verdicts on one part of a turn: its message, or the retrieval context it carries. */
export interface PreparedVerdictGroup {
  /** Worst verdict of the group's chips; null when none judged it. */
  state: CellState | null;
  /** A metric said "no" on this part. */
  failing: boolean;
  chips: PreparedVerdictChip[];
}

export interface PreparedTurnVerdicts {
  turnIndex: number;
  /** Worst verdict on the turn's message, or unjudged/user when no metric judged it. */
  state: CellState;
  colour: string;
  /** A metric said "no" on the turn's message. */
  failing: boolean;
  /** The verdicts on the message. */
  chips: PreparedVerdictChip[];
  /**
   * The verdicts of metrics that judge the retrieval context and not the message (contextual
   * recall, the turn contextual ones): drawn on the retrieved items, never as a failing reply.
   */
  retrieval: PreparedVerdictGroup;
}

export interface PreparedConversationVerdicts {
  turns: PreparedTurnVerdicts[];
  /** Index of the first turn whose message some metric failed; null when none did. */
  firstFailingTurn: number | null;
  failingTurns: number;
  /** Turns whose retrieval context some metric failed. */
  failingRetrievals: number;
}

const chipOf = (v: TurnVerdictSource): PreparedVerdictChip => {
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
};

/** The verdicts beside each turn of a conversation, metrics in their usual order; those on the retrieval context apart. */
export function prepareTurnVerdicts(roles: string[], verdicts: TurnVerdictSource[]): PreparedConversationVerdicts {
  const byTurn = new Map<number, TurnVerdictSource[]>();
  for (const v of verdicts) {
    if (!isVerdict(v.verdict) || v.turnIndex < 0 || v.turnIndex >= roles.length) continue;
    byTurn.set(v.turnIndex, [...(byTurn.get(v.turnIndex) ?? []), v]);
  }
  const turns = roles.map((role, i): PreparedTurnVerdicts => {
    const all = (byTurn.get(i) ?? []).sort((a, b) => metricRank(a.metric) - metricRank(b.metric) || a.metric.localeCompare(b.metric));
    const own = all.filter((v) => !verdictOnRetrieval(v.metric));
    const retrieved = all.filter((v) => verdictOnRetrieval(v.metric));
    const worst = worstVerdict(own.map((v) => v.verdict));
    const worstRetrieved = worstVerdict(retrieved.map((v) => v.verdict));
    const state: CellState = worst ?? (role === 'user' ? 'user' : 'unjudged');
    return {
      turnIndex: i,
      state,
      colour: CELL_STYLES[state].colour,
      failing: worst === 'no',
      chips: own.map(chipOf),
      retrieval: { state: worstRetrieved, failing: worstRetrieved === 'no', chips: retrieved.map(chipOf) },
    };
  });
  const failing = turns.filter((t) => t.failing);
  return { turns, firstFailingTurn: failing[0]?.turnIndex ?? null, failingTurns: failing.length, failingRetrievals: turns.filter((t) => t.retrieval.failing).length };
}
