import { pageProjectId } from '@/lib/auth/session';
import Link from '@/components/ui/project-link';
import { TrendChart } from '@/components/charts/trend-chart';
import { TrendSparkline } from '@/components/charts/trend-sparkline';
import { Table, Td } from '@/components/ui/table';
import { prepareTrend } from '@/lib/charts/prepare-trend';
import { prepareTrendSparkline } from '@/lib/charts/prepare-trend-sparkline';
import { compareHref } from '@/lib/compare/compare-search';
import type { TrendSource } from '@/lib/compare/load-trend';
import { loadDatasetTrend } from '@/lib/compare/page/load-dataset-trend';
import { loadRecentTrends } from '@/lib/compare/page/load-recent-trends';
import { formatDate, formatScore, metricLabel } from '@/lib/format/format';
import { orNotFound } from '@/lib/http/or-not-found';

/** Every metric's trend chart for a dataset family, then its runs with links to compare each with the one before. */
export function TrendCharts({ trend }: { trend: TrendSource }) {
  return (
    <div className="space-y-6">
      {trend.metrics.length === 0 ? <p className="text-sm text-slate-500">No finished run on these datasets yet.</p> : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {trend.metrics.map((metric) => (
          <div key={metric} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
            <TrendChart trend={prepareTrend(trend, metric)} />
          </div>
        ))}
      </div>
      <p className="text-xs text-slate-500">
        Mean score per run in time order, with the 95% bootstrap interval of the mean (band) and the run’s pass threshold (dashed). A point
        below its threshold is red. Click a point to open its run.
      </p>
      {trend.runs.length ? (
        <Table head={['Run', 'Model version', 'Dataset', ...trend.metrics.map(metricLabel), '']}>
          {[...trend.runs].reverse().map((run, i, runs) => {
            const index = trend.runs.length - 1 - i;
            const previous = runs[i + 1];
            return (
              <tr key={run.id} className="hover:bg-slate-50">
                <Td className="whitespace-nowrap">
                  <Link href={`/runs/${run.id}`} className="text-indigo-700 hover:underline">
                    {formatDate(run.createdAt)}
                  </Link>
                </Td>
                <Td>{run.modelVersion ?? '–'}</Td>
                <Td>{run.datasetName}</Td>
                {trend.metrics.map((m) => (
                  <Td key={m} className="tabular-nums">
                    {formatScore(trend.values[m][index]?.mean)}
                  </Td>
                ))}
                <Td className="whitespace-nowrap">
                  {previous ? (
                    <Link href={compareHref('/compare', { baseline: previous.id, candidates: [run.id] })} className="text-indigo-700 hover:underline">
                      vs. previous
                    </Link>
                  ) : null}
                </Td>
              </tr>
            );
          })}
        </Table>
      ) : null}
    </div>
  );
}

/** The home page's trends at a glance: a row of sparklines per recently run dataset family. */
export async function HomeTrends() {
  const trends = await loadRecentTrends(await pageProjectId());
  if (trends.length === 0) return <p className="text-sm text-slate-500">Trends appear once a dataset has finished runs.</p>;
  return (
    <div className="space-y-3">
      {trends.map((trend) => (
        <div key={trend.dataset.id} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <p className="mb-2 flex flex-wrap items-baseline justify-between gap-2 text-sm">
            <Link href={`/trends/${trend.dataset.id}`} className="font-medium text-indigo-700 hover:underline">
              {trend.dataset.name}
            </Link>
            <span className="text-xs text-slate-500">
              {trend.runs.length} run{trend.runs.length === 1 ? '' : 's'}
              {trend.related.length ? ` · with ${trend.related.length} related dataset${trend.related.length === 1 ? '' : 's'}` : ''}
            </span>
          </p>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {trend.metrics.map((metric) => (
              <TrendSparkline key={metric} sparkline={prepareTrendSparkline(trend, metric)} />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** A dataset family's trend page body; an unknown dataset is the route's 404. */
export async function DatasetTrend({ datasetId }: { datasetId: string }) {
  const trend = await orNotFound(loadDatasetTrend(await pageProjectId(), datasetId));
  return (
    <div className="space-y-4">
      <div>
        <h1 className="text-2xl font-semibold">
          Trends:{' '}
          <Link href={`/datasets/${trend.dataset.id}`} className="text-indigo-700 hover:underline">
            {trend.dataset.name}
          </Link>
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          {trend.runs.length} finished run{trend.runs.length === 1 ? '' : 's'} on this dataset
          {trend.related.length ? ` and on the datasets with the same conversations: ${trend.related.map((d) => d.name).join(', ')}` : ''}.
        </p>
      </div>
      <TrendCharts trend={trend} />
    </div>
  );
}
