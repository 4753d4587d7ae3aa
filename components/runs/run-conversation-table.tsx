import Link from '@/components/ui/project-link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Table, Td } from '@/components/ui/table';
import type { ConversationScore } from '@/lib/db/queries/runs/list-run-conversation-scores';
import { loadRunConversationScores } from '@/lib/runs/page/load-run-conversation-scores';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunTableQuery } from '@/lib/domain/run-table-query';
import type { RunScoreStats } from '@/lib/runs/aggregates/score-stats';
import { metricLabel } from '@/lib/format/format';
import { PageLinks } from './page-links';
import { runConversationHref, runHref } from './run-links';
import { RunTableFilters } from './run-table-filters';

const PAGE_SIZE = 50;

function ScoreCell({ score, scale }: { score: ConversationScore | undefined; scale: number }) {
  if (!score) return <span className="text-slate-300" title="Not judged by this metric">–</span>;
  if (score.error !== null || score.score === null)
    return (
      <span title={score.error ?? 'No score'}>
        <Badge tone="amber">error</Badge>
      </span>
    );
  return (
    <span className={`tabular-nums ${score.success ? 'text-emerald-700' : 'font-semibold text-rose-700'}`} title={score.success ? 'passed' : 'failed'}>
      {scale >= 10 ? score.score.toFixed(0) : score.score.toFixed(2)}
      {score.success ? null : <span className="sr-only"> (failed)</span>}
    </span>
  );
}

/** The run's conversations, a column per metric, sortable by any metric's score and filterable. */
export async function RunConversationTable({
  run,
  query,
  metrics,
  stats,
}: {
  run: { id: string; datasetId: string; conversationCount: number };
  query: RunTableQuery;
  metrics: RunMetric[];
  stats: Promise<RunScoreStats>;
}) {
  const page = await loadRunConversationScores(run, query, PAGE_SIZE, stats);
  const pageCount = Math.max(1, Math.ceil(page.total / PAGE_SIZE));
  const sortLink = (metric: string) => {
    const active = query.sort === metric;
    const dir = active && query.dir === 'asc' ? 'desc' : 'asc';
    return (
      <Link
        href={runHref(run.id, query, { sort: metric, dir, page: 1 })}
        prefetch={false}
        scroll={false}
        className={`inline-flex items-center gap-1 hover:text-indigo-700 ${active ? 'text-indigo-700' : ''}`}
        aria-label={`Sort by ${metricLabel(metric)} ${dir === 'asc' ? 'ascending' : 'descending'}`}
      >
        {metricLabel(metric)}
        <span aria-hidden className="text-xs">{active ? (query.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
      </Link>
    );
  };
  const head = [
    query.sort ? (
      <Link key="position" href={runHref(run.id, query, { sort: null, dir: 'asc', page: 1 })} prefetch={false} scroll={false} className="hover:text-indigo-700">
        Conversation <span aria-hidden className="text-xs">↕</span>
      </Link>
    ) : (
      'Conversation'
    ),
    'Turns',
    ...metrics.map((m) => sortLink(m.name)),
  ];
  const rangeIgnored = !query.metric && (query.minScore !== null || query.maxScore !== null);
  return (
    <Card title="Conversations">
      <div className="space-y-3" id="conversations">
        <RunTableFilters runId={run.id} query={query} metrics={metrics} />
        {rangeIgnored ? <p className="text-xs text-amber-700">Choose a metric for the score range to apply.</p> : null}
        <p className="text-xs text-slate-500" data-testid="table-summary">
          {page.total.toLocaleString('en-US')} {page.total === 1 ? 'conversation' : 'conversations'}
          {query.failedOnly ? ` failed ${query.metric ? metricLabel(query.metric).toLowerCase() : 'at least one metric'}` : ''}
          {query.unstableOnly ? ` with an unstable ${query.metric ? metricLabel(query.metric).toLowerCase() : ''} verdict`.replace('  ', ' ') : ''}
          {query.sort ? ` · sorted by ${metricLabel(query.sort).toLowerCase()} ${query.dir === 'asc' ? 'ascending' : 'descending'}, errors last` : ''}
          {page.unscored > 0 ? ` · ${page.unscored.toLocaleString('en-US')} not judged by ${metricLabel(query.sort ?? '').toLowerCase()} are not listed` : ''}
        </p>
        <Table
          head={head}
          empty={page.rows.length === 0 ? <p className="p-4 text-sm text-slate-500">No conversation matches these filters.</p> : null}
        >
          {page.rows.map((row) => {
            const failed = metrics.some((m) => row.scores[m.name] && !row.scores[m.name].success);
            return (
              <tr key={row.id} className="hover:bg-slate-50" data-failed={failed ? 'true' : 'false'}>
                <Td className="max-w-xs">
                  <Link href={runConversationHref(run.id, row.id)} prefetch={false} className="font-medium text-indigo-700 hover:underline">
                    {row.label}
                  </Link>
                  <span className="ml-2 text-xs text-slate-400">#{row.position + 1}</span>
                </Td>
                <Td className="tabular-nums text-slate-600">{row.turnCount}</Td>
                {metrics.map((m) => (
                  <Td key={m.name}>
                    <ScoreCell score={row.scores[m.name]} scale={m.scale} />
                  </Td>
                ))}
              </tr>
            );
          })}
        </Table>
        <PageLinks
          page={query.page}
          pageCount={pageCount}
          total={page.total}
          noun="conversations"
          label="Conversation table pages"
          hrefFor={(p) => runHref(run.id, query, { page: p })}
        />
      </div>
    </Card>
  );
}
