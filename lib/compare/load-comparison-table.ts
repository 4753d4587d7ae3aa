import type { Db } from '../db/db-types';
import { listConversationLabels } from '../db/queries/compare/list-conversation-labels';
import { listTurnVerdicts, type TurnVerdictRow } from '../db/queries/compare/list-turn-verdicts';
import { regressedTurnIndices } from './align-turns';
import type { CompareSearch } from './compare-search';
import type { RowFilter, TableRow } from './conversation-table';
import { loadComparison } from './load-comparison';

export const TABLE_PAGE_SIZE = 50;

export interface ComparisonTableView {
  metrics: string[];
  metric: string;
  /** Each row with its name and the turns where a candidate's verdict on the table's metric is worse than the baseline's. */
  rows: (TableRow & { label: string; position: number | null; regressedTurns: number[] })[];
  /** Conversations that regressed on at least one metric, of `matched`. */
  regressedOnAny: number;
  matched: number;
  total: number;
  counts: Record<RowFilter, number>;
  page: number;
  pageCount: number;
}

/** One page of the matched-conversation table, with the conversations' names. */
export async function loadComparisonTable(db: Db, projectId: string, search: CompareSearch): Promise<ComparisonTableView> {
  const { runs, comparison, table } = await loadComparison(db, projectId, search.baseline ?? '', search.candidates);
  const metrics = comparison.metrics.map((m) => m.metric);
  // Unasked, the table opens on the metric where the most conversations regressed (the first one when none did).
  const mostRegressed = metrics.reduce<string | undefined>((best, m) => (best === undefined || table.counts(m).regressed > table.counts(best).regressed ? m : best), undefined);
  const metric = search.metric && metrics.includes(search.metric) ? search.metric : mostRegressed;
  const regressedOnAny = table.regressedOnAny(metrics);
  const matched = comparison.keyMatch.keys.length;
  if (!metric) {
    return { metrics, metric: '', rows: [], total: 0, counts: { all: 0, regressed: 0, improved: 0, changed: 0, unmatched: 0 }, page: 1, pageCount: 1, regressedOnAny, matched };
  }
  const probe = table.page({ metric, filter: search.filter, sort: search.sort, by: search.by, skip: 0, take: 0 });
  const pageCount = Math.max(1, Math.ceil(probe.total / TABLE_PAGE_SIZE));
  const page = Math.min(search.page, pageCount);
  const { rows, total, counts } = table.page({
    metric,
    filter: search.filter,
    sort: search.sort,
    by: search.by,
    skip: (page - 1) * TABLE_PAGE_SIZE,
    take: TABLE_PAGE_SIZE,
  });
  const ids = rows.map((r) => r.cells.find((c) => c.conversationId)!.conversationId!);
  const [labels, verdicts] = await Promise.all([
    listConversationLabels(db, ids),
    Promise.all(
      runs.map((run, r) =>
        listTurnVerdicts(
          db,
          run.id,
          rows.flatMap((row) => (row.cells[r].conversationId ? [row.cells[r].conversationId] : [])),
          metric,
        ),
      ),
    ),
  ]);
  const byConversation = verdicts.map((list) => {
    const grouped = new Map<string, TurnVerdictRow[]>();
    for (const v of list) {
      const own = grouped.get(v.conversationId);
      if (own) own.push(v);
      else grouped.set(v.conversationId, [v]);
    }
    return grouped;
  });
  return {
    metrics,
    metric,
    rows: rows.map((r, i) => ({
      ...r,
      label: labels.get(ids[i])?.label ?? r.key,
      position: labels.get(ids[i])?.position ?? null,
      regressedTurns: regressedTurnIndices(r.cells.map((c, run) => (c.conversationId ? (byConversation[run].get(c.conversationId) ?? []) : []))),
    })),
    regressedOnAny,
    matched,
    total,
    counts,
    page,
    pageCount,
  };
}
