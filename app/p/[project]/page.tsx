import Link from '@/components/ui/project-link';
import { Suspense } from 'react';
import { PanelPlaceholder } from '@/components/compare/compare-skeleton';
import { HomeTrends } from '@/components/compare/trend-panels';
import { NewActions } from '@/components/nav/new-actions';
import { LiveProgressProvider } from '@/components/runs/live/live-progress-provider';
import { RunsTable } from '@/components/runs/runs-table';
import { hasRole } from '@/lib/identity/roles';
import { isLiveRun } from '@/lib/domain/run-progress';
import { runProgressSnapshot } from '@/lib/runs/aggregates/progress-snapshot';
import { loadHomePage } from '@/lib/home/page/load-home-page';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const principal = await requirePage();
  const { runs, datasets } = await loadHomePage(principal.project.id);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Overview</h1>
          <p className="mt-1 text-sm text-slate-600">
            {datasets.length} {datasets.length === 1 ? 'dataset' : 'datasets'} ·{' '}
            <Link href="/datasets" className="text-indigo-700 hover:underline">
              browse datasets
            </Link>{' '}
            ·{' '}
            <Link href="/compare" className="text-indigo-700 hover:underline">
              compare runs
            </Link>{' '}
            ·{' '}
            <Link href="/trends" className="text-indigo-700 hover:underline">
              trends
            </Link>
          </p>
        </div>
        <NewActions show={hasRole(principal.role, 'editor')} />
      </div>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Latest runs</h2>
        <LiveProgressProvider initial={runs.filter((r) => isLiveRun(r.status)).map(runProgressSnapshot)}>
          <RunsTable runs={runs} />
        </LiveProgressProvider>
      </section>
      <section className="space-y-3">
        <h2 className="text-lg font-semibold">Trends</h2>
        <Suspense fallback={<PanelPlaceholder label="Loading the trends" height="h-16" />}>
          <HomeTrends />
        </Suspense>
      </section>
    </div>
  );
}
