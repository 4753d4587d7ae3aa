import { LiveProgressProvider } from '@/components/runs/live/live-progress-provider';
import { NewActions } from '@/components/nav/new-actions';
import { RunsTable } from '@/components/runs/runs-table';
import { hasRole } from '@/lib/identity/roles';
import { isLiveRun } from '@/lib/domain/run-progress';
import { runProgressSnapshot } from '@/lib/runs/aggregates/progress-snapshot';
import { loadRunsPage } from '@/lib/runs/page/load-runs-page';
import { requirePage } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';
export const metadata = { title: 'Runs' };

export default async function RunsPage() {
  const principal = await requirePage();
  const runs = await loadRunsPage(principal.project.id);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Runs</h1>
        <NewActions show={hasRole(principal.role, 'editor')} />
      </div>
      <LiveProgressProvider initial={runs.filter((r) => isLiveRun(r.status)).map(runProgressSnapshot)}>
        <RunsTable runs={runs} />
      </LiveProgressProvider>
    </div>
  );
}
