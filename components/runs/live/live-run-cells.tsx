'use client';

import { RunStatusBadge } from '../run-status-badge';
import { useRunProgress } from './live-progress-provider';

/** The status badge of a runs-list row, live while the run goes on. */
export function LiveRunStatus({ runId, status }: { runId: string; status: string }) {
  return <RunStatusBadge status={useRunProgress(runId)?.status ?? status} />;
}

/** "done/total · errors" of a runs-list row, live while the run goes on. */
export function LiveRunCount({ runId, done, total, errors }: { runId: string; done: number; total: number; errors: number }) {
  const run = useRunProgress(runId);
  const [d, t, e] = run ? [run.doneItems, run.totalItems, run.errorItems] : [done, total, errors];
  return (
    <span data-testid="run-row-count">
      {d}/{t}
      {e ? <span className="text-rose-600"> · {e} errors</span> : null}
    </span>
  );
}
