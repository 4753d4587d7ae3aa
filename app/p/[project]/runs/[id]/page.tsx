import { Suspense } from 'react';
import { orNotFound } from '@/lib/http/or-not-found';
import { PanelSkeleton } from '@/components/runs/panel-skeleton';
import { RunAgreementPanel } from '@/components/runs/run-agreement-panel';
import { RunBreakPanel } from '@/components/runs/run-break-panel';
import { RunConversationTable } from '@/components/runs/run-conversation-table';
import { LiveProgressProvider } from '@/components/runs/live/live-progress-provider';
import { RunHeader } from '@/components/runs/run-header';
import { RunMetricCards } from '@/components/runs/run-metric-cards';
import { RunProgress } from '@/components/runs/run-progress';
import { RunScoreHistograms } from '@/components/runs/run-score-histograms';
import { RunUndecidedTurns } from '@/components/runs/run-undecided-turns';
import { RunVerdictMapPanel } from '@/components/runs/run-verdict-map-panel';
import { runTableSearch, type SearchParams } from '@/lib/domain/run-table-query';
import { loadRunPage } from '@/lib/runs/page/load-run-page';
import { loadRunScoreStats } from '@/lib/runs/page/load-run-score-stats';
import { hasRole, mayChange } from '@/lib/identity/roles';
import { requirePage } from '@/lib/auth/session';
import { runProgressSnapshot } from '@/lib/runs/aggregates/progress-snapshot';
import { loadPendingRunImport } from '@/lib/deepeval/page/load-pending-run-import';
import { PendingRunImport } from '@/components/runs/pending-run-import';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Run' };

export default async function RunPage(props: { params: Promise<{ id: string }>; searchParams: Promise<SearchParams> }) {
  const principal = await requirePage();
  const [{ id }, search] = await Promise.all([props.params, props.searchParams]);
  // An imported run still arriving has its id already: deepeval's client links to it at its first request.
  const pending = await loadPendingRunImport(principal.project.id, id);
  if (pending) return <PendingRunImport pending={pending} />;
  const { run, erroredResults, metrics, query, scope } = await orNotFound(loadRunPage(principal.project.id, id, search));
  // Cards, histograms and the table's counts share one read of the score distribution.
  const stats = loadRunScoreStats(run);
  return (
    <div className="space-y-6">
      <LiveProgressProvider initial={[runProgressSnapshot(run)]}>
        <RunHeader run={run} erroredResults={erroredResults} mayChange={mayChange(principal, run.createdById)} mayReplay={hasRole(principal.role, 'editor')} />
        <RunProgress run={run} />
      </LiveProgressProvider>
      <Suspense fallback={null}>
        <RunUndecidedTurns run={run} />
      </Suspense>
      <Suspense fallback={<PanelSkeleton label="Loading metric cards" height="h-16" count={metrics.length || 1} columns="sm:grid-cols-2 lg:grid-cols-5" />}>
        <RunMetricCards stats={stats} metrics={metrics} />
      </Suspense>
      <Suspense fallback={<PanelSkeleton label="Loading score distribution" height="h-48" />}>
        <RunScoreHistograms stats={stats} metrics={metrics} />
      </Suspense>
      <Suspense key={`break-${query.breakMode}`} fallback={<PanelSkeleton label="Loading where conversations break" height="h-48" />}>
        <RunBreakPanel run={{ id: run.id, name: run.modelVersion ?? 'this run' }} query={query} metrics={metrics} />
      </Suspense>
      <Suspense fallback={null}>
        <RunAgreementPanel runId={run.id} />
      </Suspense>
      <Suspense key={`map${runTableSearch({ ...query, page: 1 })}`} fallback={<PanelSkeleton label="Loading verdict map" height="h-96" />}>
        <RunVerdictMapPanel run={scope} query={query} metrics={metrics} stats={stats} />
      </Suspense>
      <Suspense key={`table${runTableSearch({ ...query, mapPage: 1, mapMetric: null })}`} fallback={<PanelSkeleton label="Loading conversations" height="h-96" />}>
        <RunConversationTable run={scope} query={query} metrics={metrics} stats={stats} />
      </Suspense>
    </div>
  );
}
