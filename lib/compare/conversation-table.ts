import type { KeyMatch } from './match-keys';
import { metricColumn, OUTCOME, type RunVector } from './run-vector';

export const ROW_FILTERS = ['all', 'regressed', 'improved', 'changed', 'unmatched'] as const;
export type RowFilter = (typeof ROW_FILTERS)[number];
export const ROW_SORTS = ['position', 'delta', '-delta'] as const;
export type RowSort = (typeof ROW_SORTS)[number];

export interface TableQuery {
  metric: string;
  filter: RowFilter;
  /** position: the baseline's order; delta: worst first; -delta: best first. */
  sort: RowSort;
  /** Which candidate's delta to sort by (0-based). */
  by: number;
  skip: number;
  take: number;
}

export interface TableCell {
  conversationId: string | null;
  score: number | null;
  passed: boolean | null;
  errored: boolean;
}

export interface TableRow {
  key: string;
  /** Baseline first, then each candidate. */
  cells: TableCell[];
  /** Per candidate: its score − the baseline's, null unless both are scored. */
  deltas: (number | null)[];
  regressed: boolean;
  improved: boolean;
  changed: boolean;
  unmatched: boolean;
}

export interface TablePage {
  rows: TableRow[];
  /** Rows matching the filter. */
  total: number;
  /** Rows per filter, for the filter tabs. */
  counts: Record<RowFilter, number>;
}

/** Scores equal up to rounding are equal. */
const EPSILON = 1e-9;

/** Per-row flags of one metric: bit 1 regressed, 2 improved, 4 changed, 8 unmatched. */
const REGRESSED = 1;
const IMPROVED = 2;
const CHANGED = 4;
const UNMATCHED = 8;
const MAX_ORDERS = 16;
const FLAG_OF: Record<Exclude<RowFilter, 'all'>, number> = { regressed: REGRESSED, improved: IMPROVED, changed: CHANGED, unmatched: UNMATCHED };

interface MetricRows {
  flags: Uint8Array;
  /** deltas[c][row], NaN when not both scored. */
  deltas: Float64Array[];
  counts: Record<RowFilter, number>;
}

/**
 * The matched conversations of a comparison for one metric: flags, deltas, filter counts,
 * and sorted orders, computed once and kept on the instance (finished runs do not change,
 * so neither do a comparison's rows).
 */
export class ConversationTable {
  private readonly perMetric = new Map<string, MetricRows>();
  private readonly orders = new Map<string, Uint32Array>();

  constructor(
    private readonly runs: readonly RunVector[],
    private readonly keyMatch: KeyMatch,
  ) {}

  private metricRows(metric: string): MetricRows {
    const cached = this.perMetric.get(metric);
    if (cached) return cached;
    const size = this.keyMatch.keys.length;
    const columns = this.runs.map((run) => metricColumn(run, metric));
    const base = columns[0];
    const baseIndex = this.keyMatch.indexOf[0];
    const flags = new Uint8Array(size);
    const deltas = this.runs.slice(1).map(() => new Float64Array(size).fill(Number.NaN));
    const counts: Record<RowFilter, number> = { all: size, regressed: 0, improved: 0, changed: 0, unmatched: 0 };
    for (let row = 0; row < size; row++) {
      const b = baseIndex[row];
      let f = b < 0 ? UNMATCHED : 0;
      const bo = b >= 0 && base ? base.outcomes[b] : OUTCOME.none;
      for (let c = 1; c < this.runs.length; c++) {
        const i = this.keyMatch.indexOf[c][row];
        if (i < 0) {
          f |= UNMATCHED;
          continue;
        }
        if (b < 0) continue;
        const column = columns[c];
        const co = column ? column.outcomes[i] : OUTCOME.none;
        const bothScored = (bo === OUTCOME.passed || bo === OUTCOME.failed) && (co === OUTCOME.passed || co === OUTCOME.failed);
        if (bothScored) {
          const d = column!.scores[i] - base!.scores[b];
          deltas[c - 1][row] = d;
          if (d < -EPSILON || (bo === OUTCOME.passed && co === OUTCOME.failed)) f |= REGRESSED | CHANGED;
          if (d > EPSILON || (bo === OUTCOME.failed && co === OUTCOME.passed)) f |= IMPROVED | CHANGED;
        } else if (bo !== co) {
          f |= CHANGED;
        }
      }
      flags[row] = f;
      if (f & REGRESSED) counts.regressed += 1;
      if (f & IMPROVED) counts.improved += 1;
      if (f & CHANGED) counts.changed += 1;
      if (f & UNMATCHED) counts.unmatched += 1;
    }
    const rows = { flags, deltas, counts };
    this.perMetric.set(metric, rows);
    return rows;
  }

  private order(metric: string, filter: RowFilter, sort: RowSort, by: number): Uint32Array {
    const cacheKey = `${metric}\u0000${filter}\u0000${sort}\u0000${sort === 'position' ? 0 : by}`;
    const cached = this.orders.get(cacheKey);
    if (cached) return cached;
    const { flags, deltas } = this.metricRows(metric);
    const wanted = filter === 'all' ? 0 : FLAG_OF[filter];
    const picked: number[] = [];
    for (let row = 0; row < flags.length; row++) if (wanted === 0 || flags[row] & wanted) picked.push(row);
    const order = Uint32Array.from(picked);
    if (sort !== 'position') {
      const d = deltas[by];
      const sign = sort === 'delta' ? 1 : -1;
      // Rows without a delta go last either way; ties keep the baseline's order.
      order.sort((a, b) => {
        const da = d[a];
        const db = d[b];
        const na = Number.isNaN(da);
        const nb = Number.isNaN(db);
        if (na || nb) return na === nb ? a - b : na ? 1 : -1;
        return sign * (da - db) || a - b;
      });
    }
    // A few recent orders are enough for paging back and forth; each is 4 bytes a row.
    if (this.orders.size >= MAX_ORDERS) this.orders.delete(this.orders.keys().next().value!);
    this.orders.set(cacheKey, order);
    return order;
  }

  counts(metric: string): Record<RowFilter, number> {
    return this.metricRows(metric).counts;
  }

  /** Conversations that regressed on at least one of these metrics (each counted once). */
  regressedOnAny(metrics: readonly string[]): number {
    const flagsOf = metrics.map((m) => this.metricRows(m).flags);
    let n = 0;
    for (let row = 0; row < this.keyMatch.keys.length; row++) if (flagsOf.some((flags) => flags[row] & REGRESSED)) n += 1;
    return n;
  }

  page(query: TableQuery): TablePage {
    const by = Math.min(Math.max(0, query.by), this.runs.length - 2);
    const { flags, deltas, counts } = this.metricRows(query.metric);
    const order = this.order(query.metric, query.filter, query.sort, by);
    const columns = this.runs.map((run) => metricColumn(run, query.metric));
    const rows: TableRow[] = [];
    for (const row of order.subarray(query.skip, query.skip + query.take)) {
      const cells = this.runs.map((run, r): TableCell => {
        const i = this.keyMatch.indexOf[r][row];
        const column = columns[r];
        if (i < 0) return { conversationId: null, score: null, passed: null, errored: false };
        const o = column ? column.outcomes[i] : OUTCOME.none;
        return {
          conversationId: run.conversationIds[i],
          score: o === OUTCOME.passed || o === OUTCOME.failed ? column!.scores[i] : null,
          passed: o === OUTCOME.passed ? true : o === OUTCOME.failed ? false : null,
          errored: o === OUTCOME.errored,
        };
      });
      const f = flags[row];
      rows.push({
        key: this.keyMatch.keys[row],
        cells,
        deltas: deltas.map((d) => (Number.isNaN(d[row]) ? null : d[row])),
        regressed: (f & REGRESSED) !== 0,
        improved: (f & IMPROVED) !== 0,
        changed: (f & CHANGED) !== 0,
        unmatched: (f & UNMATCHED) !== 0,
      });
    }
    return { rows, total: order.length, counts };
  }
}
