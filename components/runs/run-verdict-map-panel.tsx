import Link from '@/components/ui/project-link';
import { VerdictMap } from '@/components/charts/verdict-map';
import { Card } from '@/components/ui/card';
import { pillClass } from '@/components/ui/pill';
import { prepareVerdictMap } from '@/lib/charts/prepare-verdict-map';
import { loadRunVerdictMap } from '@/lib/runs/page/load-run-verdict-map';
import type { RunMetric } from '@/lib/metrics/run-metrics';
import type { RunTableQuery } from '@/lib/domain/run-table-query';
import type { RunScoreStats } from '@/lib/runs/aggregates/score-stats';
import { metricLabel } from '@/lib/format/format';
import { describeTableQuery } from './describe-table-query';
import { PageLinks } from './page-links';
import { runConversationHref, runHref } from './run-links';

const ROWS = 20;

/** Conversations as rows, turns as columns, coloured by verdict; each cell opens the conversation at that turn. */
export async function RunVerdictMapPanel({
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
  const { page, unstable } = await loadRunVerdictMap(run, query, ROWS, stats);
  const map = prepareVerdictMap({
    conversations: page.conversations,
    verdicts: page.verdicts,
    metric: query.mapMetric,
    hrefFor: (conversationId, turn) => runConversationHref(run.id, conversationId, turn),
    minColumns: 10,
  });
  const pageCount = Math.max(1, Math.ceil(page.total / ROWS));
  const filters = describeTableQuery(query);
  return (
    <Card title={`Per-turn verdicts · ${map.colouredBy.toLowerCase()}`}>
      <div className="space-y-3" id="verdict-map">
        {unstable > 0 ? (
          <p className="text-sm text-amber-800" data-testid="unstable-turns">
            {unstable} per-turn {unstable === 1 ? 'verdict is' : 'verdicts are'} unstable: fewer than 80% of the judge’s samples gave {unstable === 1 ? 'it' : 'them'} (marked with a
            dashed ring).
          </p>
        ) : null}
        <nav aria-label="Colour the map by" className="flex flex-wrap items-center gap-1.5">
          <span className="mr-1 text-xs text-slate-500">Colour by</span>
          <Link href={runHref(run.id, query, { mapMetric: null })} prefetch={false} scroll={false} className={pillClass(query.mapMetric === null)} aria-current={query.mapMetric === null ? 'true' : undefined}>
            Worst of all metrics
          </Link>
          {metrics.map((m) => (
            <Link
              key={m.name}
              href={runHref(run.id, query, { mapMetric: m.name })}
              prefetch={false}
              scroll={false}
              className={pillClass(query.mapMetric === m.name)}
              aria-current={query.mapMetric === m.name ? 'true' : undefined}
            >
              {metricLabel(m.name)}
            </Link>
          ))}
        </nav>
        {filters.length > 0 ? (
          <p className="text-sm text-slate-600" data-testid="verdict-map-filter">
            Showing {page.total.toLocaleString('en-US')} of {run.conversationCount.toLocaleString('en-US')} conversations, as the table below: {filters.join(', ')}.
          </p>
        ) : null}
        {map.rows.length === 0 ? <p className="text-sm text-slate-500">{filters.length > 0 ? 'No conversation passes the filters.' : 'No conversations on this page.'}</p> : <VerdictMap map={map} />}
        <PageLinks
          page={query.mapPage}
          pageCount={pageCount}
          total={page.total}
          noun="conversations"
          label="Verdict map pages"
          hrefFor={(p) => runHref(run.id, query, { mapPage: p })}
        />
      </div>
    </Card>
  );
}
