import Link from '@/components/ui/project-link';
import { Badge } from '@/components/ui/badge';
import { Pagination } from '@/components/ui/pagination';
import { Table, Td } from '@/components/ui/table';
import { compareHref, tableState, type CompareSearch } from '@/lib/compare/compare-search';
import type { ComparisonTableView } from '@/lib/compare/load-comparison-table';
import type { RowFilter, TableCell } from '@/lib/compare/conversation-table';
import type { ComparedRun } from '@/lib/db/queries/compare/get-compared-runs';
import { formatScore, metricLabel } from '@/lib/format/format';
import { Delta, runName } from './delta';

const FILTER_LABELS: Record<RowFilter, string> = {
  all: 'All',
  regressed: 'Regressed',
  improved: 'Improved',
  changed: 'Changed',
  unmatched: 'Unmatched',
};

const tab = (active: boolean) =>
  `rounded-md px-2.5 py-1 text-sm ${active ? 'bg-indigo-600 font-medium text-white' : 'border border-slate-200 bg-white text-slate-700 hover:bg-slate-50'}`;

function Score({ cell }: { cell: TableCell }) {
  if (!cell.conversationId) return <span className="text-xs text-slate-400">not in run</span>;
  if (cell.errored) return <span className="text-xs text-amber-700">error</span>;
  if (cell.score === null) return <span className="text-slate-400">–</span>;
  return (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      <span aria-hidden className={`inline-block size-2 rounded-full ${cell.passed ? 'bg-emerald-500' : 'bg-rose-500'}`} />
      {formatScore(cell.score)}
      <span className="sr-only">{cell.passed ? 'passed' : 'failed'}</span>
    </span>
  );
}

/** The matched conversations for one metric: filter tabs, sortable deltas, server-side pages. */
export function ComparisonTable({ view, search, runs }: { view: ComparisonTableView; search: CompareSearch; runs: ComparedRun[] }) {
  const state = { ...tableState(search), metric: view.metric, page: view.page };
  const href = (change: Partial<CompareSearch>) => compareHref('/compare', { ...state, page: 1, ...change });
  const candidates = runs.slice(1);
  const nextSort = (by: number) => (search.by !== by || search.sort === 'position' ? 'delta' : search.sort === 'delta' ? '-delta' : 'position');
  const arrow = (by: number) => (search.by !== by || search.sort === 'position' ? '↕' : search.sort === 'delta' ? '↑' : '↓');
  return (
    <section aria-labelledby="conversations-heading" className="space-y-3">
      <h2 id="conversations-heading" className="text-lg font-semibold">
        Conversations
      </h2>
      <p className="text-sm text-slate-700" data-testid="regressed-any">
        <span className="font-semibold tabular-nums">{view.regressedOnAny.toLocaleString('en-US')}</span> of {view.matched.toLocaleString('en-US')}{' '}
        {view.matched === 1 ? 'conversation' : 'conversations'} regressed on at least one metric
        {view.counts.regressed > 0 ? `; the table opens on ${metricLabel(view.metric)}, where ${view.counts.regressed.toLocaleString('en-US')} did` : ''}.
      </p>
      <nav aria-label="Metric" className="flex flex-wrap gap-2">
        {view.metrics.map((m) => (
          <Link key={m} href={href({ metric: m })} className={tab(m === view.metric)} aria-current={m === view.metric ? 'page' : undefined} scroll={false}>
            {metricLabel(m)}
          </Link>
        ))}
      </nav>
      <nav aria-label="Filter" className="flex flex-wrap gap-2">
        {(Object.keys(FILTER_LABELS) as RowFilter[]).map((f) => (
          <Link key={f} href={href({ filter: f })} className={tab(f === search.filter)} aria-current={f === search.filter ? 'page' : undefined} scroll={false}>
            {FILTER_LABELS[f]} <span className="tabular-nums opacity-80">({view.counts[f].toLocaleString('en-US')})</span>
          </Link>
        ))}
      </nav>
      <Table
        head={[
          'Conversation',
          `Baseline (${runName(runs[0])})`,
          ...candidates.flatMap((run, i) => [
            runName(run),
            <Link key={`sort-${i}`} href={href({ sort: nextSort(i), by: i })} className="hover:text-indigo-700" scroll={false}>
              Δ {arrow(i)}
              <span className="sr-only"> Sort by change of {runName(run)}</span>
            </Link>,
          ]),
          'Regressed turns',
          '',
        ]}
        empty={view.rows.length === 0 ? <p className="p-4 text-sm text-slate-500">{search.filter === 'regressed' ? 'No conversation regressed on this metric. See All for the rest.' : 'No conversation matches this filter.'}</p> : null}
      >
        {view.rows.map((row) => (
          <tr key={row.key} data-regressed={row.regressed ? 'true' : undefined} className="hover:bg-slate-50">
            <Td className="max-w-xs">
              <Link href={compareHref('/compare/conversation', { ...state, key: row.key })} className="font-medium text-indigo-700 hover:underline">
                {row.label}
              </Link>
            </Td>
            <Td>
              <Score cell={row.cells[0]} />
            </Td>
            {candidates.flatMap((run, i) => [
              <Td key={`${run.id}-score`}>
                <Score cell={row.cells[i + 1]} />
              </Td>,
              <Td key={`${run.id}-delta`}>
                <Delta value={row.deltas[i]} />
              </Td>,
            ])}
            <Td>
              {row.regressedTurns.length ? (
                <ul className="flex max-w-[14rem] flex-wrap gap-x-2 gap-y-0.5" aria-label={`Regressed turns of ${row.label}`}>
                  {row.regressedTurns.map((t) => (
                    <li key={t}>
                      {/* A document load, not a client transition: only then does the browser scroll to and mark (:target) the turn. */}
                      <a href={`${compareHref('/compare/conversation', { ...state, key: row.key })}#turn-${t}`} className="whitespace-nowrap text-rose-700 underline">
                        turn {t + 1}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-slate-400">–</span>
              )}
            </Td>
            <Td className="whitespace-nowrap">
              {row.regressed ? <Badge tone="red">regressed</Badge> : null} {row.improved ? <Badge tone="green">improved</Badge> : null}{' '}
              {row.unmatched ? <Badge tone="amber">unmatched</Badge> : null}
            </Td>
          </tr>
        ))}
      </Table>
      <Pagination page={view.page} pageCount={view.pageCount} hrefFor={(page) => compareHref('/compare', { ...state, page })} label="Conversation pages" />
    </section>
  );
}
