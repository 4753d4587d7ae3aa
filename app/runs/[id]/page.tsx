import Link from 'next/link';
import { RunResultsTable } from '@/components/runs/run-results-table';
import { RunStatusBadge } from '@/components/runs/run-status-badge';
import { RunSummaryCards } from '@/components/runs/run-summary-cards';
import { getDb } from '@/lib/db/client';
import { getRun } from '@/lib/db/queries/runs/get-run';
import { listRunResults } from '@/lib/db/queries/runs/list-run-results';
import { parseRunSummary } from '@/lib/runs/summarize-results';
import { pageFromSearchParams } from '@/lib/format/pagination';

export const dynamic = 'force-dynamic';

export default async function RunPage(props: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | undefined>> }) {
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  const db = getDb();
  const page = pageFromSearchParams(search, 50);
  const [run, results] = await Promise.all([getRun(db, id), listRunResults(db, id, page)]);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="flex items-center gap-3 text-2xl font-semibold">
          Run on <Link href={`/datasets/${run.datasetId}`} className="text-indigo-700 hover:underline">{run.dataset.name}</Link>
          <RunStatusBadge status={run.status} />
        </h1>
        <p className="mt-1 text-sm text-slate-600">
          Model version {run.modelVersion ?? '–'} · judge {run.judgeKind === 'offline' ? 'offline heuristic' : run.judgeModel} ·{' '}
          {run.doneItems}/{run.totalItems} results · {run.judgeCalls} judge calls · {run.promptTokens + run.completionTokens} tokens · $
          {run.costUsd.toFixed(4)}
        </p>
      </div>
      <RunSummaryCards summary={parseRunSummary(run.summary)} settings={run.metricSettings} />
      <RunResultsTable rows={results.rows} total={results.total} page={page} basePath={`/runs/${id}`} />
    </div>
  );
}
