import type { Verdict } from '../domain';
import { verdictOnRetrieval } from '../metrics/default-set';

export interface SideTurn {
  index: number;
  role: string;
  content: string;
}

export interface SideVerdict {
  metric: string;
  turnIndex: number;
  verdict: string;
  reason: string;
}

/** One run's copy of the conversation; null when the run has no conversation with that key. */
export interface SideConversation {
  turns: SideTurn[];
  verdicts: SideVerdict[];
}

export interface AlignedVerdict {
  metric: string;
  verdict: string;
  reason: string;
  /** Worse than the baseline's verdict on the same turn for the same metric. */
  worse: boolean;
  /** Better than the baseline's. */
  better: boolean;
  /** It judges the turn's retrieval context, not its message (verdictOn): drawn on the retrieved items. */
  onRetrieval: boolean;
}

export interface AlignedCell {
  role: string;
  content: string;
  verdicts: AlignedVerdict[];
}

export interface AlignedTurn {
  index: number;
  /** Per run (baseline first): the turn at this index, or null when that copy is shorter. */
  cells: (AlignedCell | null)[];
  /** Metrics whose verdict on this turn's message got worse from the baseline to some candidate. */
  regressedMetrics: string[];
  /** Metrics whose verdict on this turn's retrieval context got worse: the retriever regressed here, not the reply. */
  regressedRetrieval: string[];
}

const RANK: Record<Verdict, number> = { yes: 0, idk: 1, no: 2 };
const rankOf = (v: string): number | null => (v in RANK ? RANK[v as Verdict] : null);

/** A verdict worse than another on the same turn (yes < idk < no); anything else is not compared. */
export function isWorseVerdict(before: string, after: string): boolean {
  const b = rankOf(before);
  const a = rankOf(after);
  return b !== null && a !== null && a > b;
}

/**
 * The turns (indices, ascending) where some candidate's verdict is worse than the baseline's.
 * `runs[r]` lists run r's verdicts of one metric on one conversation, baseline first.
 */
export function regressedTurnIndices(runs: readonly (readonly { turnIndex: number; verdict: string }[])[]): number[] {
  const base = new Map((runs[0] ?? []).map((v) => [v.turnIndex, v.verdict]));
  const turns = new Set<number>();
  for (const run of runs.slice(1)) {
    for (const v of run) {
      const before = base.get(v.turnIndex);
      if (before !== undefined && isWorseVerdict(before, v.verdict)) turns.add(v.turnIndex);
    }
  }
  return [...turns].sort((a, b) => a - b);
}

/**
 * Both transcripts side by side, turn by turn (turns are matched by position), each turn
 * with every run's verdicts. A turn regressed when, for some metric, a candidate's verdict
 * is worse than the baseline's on that turn (yes < idk < no); a verdict only one side has
 * is not compared. A metric that judges the retrieval context regresses the turn's retrieval,
 * not its reply.
 */
export function alignTurns(runs: readonly (SideConversation | null)[], metricOrder: readonly string[]): AlignedTurn[] {
  const length = Math.max(0, ...runs.map((r) => (r ? Math.max(r.turns.length, ...r.turns.map((t) => t.index + 1)) : 0)));
  const order = (m: string) => {
    const i = metricOrder.indexOf(m);
    return i === -1 ? metricOrder.length : i;
  };
  const byTurn = runs.map((run) => {
    const map = new Map<number, Map<string, SideVerdict>>();
    for (const v of run?.verdicts ?? []) {
      let forTurn = map.get(v.turnIndex);
      if (!forTurn) map.set(v.turnIndex, (forTurn = new Map()));
      forTurn.set(v.metric, v);
    }
    return map;
  });
  const turns: AlignedTurn[] = [];
  for (let index = 0; index < length; index++) {
    const baseVerdicts = byTurn[0].get(index);
    const regressed = new Set<string>();
    const regressedRetrieval = new Set<string>();
    const cells = runs.map((run, r): AlignedCell | null => {
      const turn = run?.turns.find((t) => t.index === index);
      if (!turn) return null;
      const verdicts = [...(byTurn[r].get(index)?.values() ?? [])]
        .sort((a, b) => order(a.metric) - order(b.metric) || a.metric.localeCompare(b.metric))
        .map((v) => {
          const base = r === 0 ? undefined : baseVerdicts?.get(v.metric);
          const before = base ? rankOf(base.verdict) : null;
          const after = rankOf(v.verdict);
          const worse = before !== null && after !== null && after > before;
          const better = before !== null && after !== null && after < before;
          const onRetrieval = verdictOnRetrieval(v.metric);
          if (worse) (onRetrieval ? regressedRetrieval : regressed).add(v.metric);
          return { metric: v.metric, verdict: v.verdict, reason: v.reason, worse, better, onRetrieval };
        });
      return { role: turn.role, content: turn.content, verdicts };
    });
    const sorted = (set: Set<string>) => [...set].sort((a, b) => order(a) - order(b));
    turns.push({ index, cells, regressedMetrics: sorted(regressed), regressedRetrieval: sorted(regressedRetrieval) });
  }
  return turns;
}
