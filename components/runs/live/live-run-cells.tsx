'use client';

import { isLiveRun, liveJudgeNumbers } from '@/lib/domain/run-progress';
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
  // While it runs, the judge's calls show it moving before the first result is stored.
  const judge = run && isLiveRun(run.status) && run.judgeKind !== 'offline' ? liveJudgeNumbers(run) : null;
  return (
    <span data-testid="run-row-count">
      {d}/{t}
      {e ? <span className="text-rose-600"> · {e} errors</span> : null}
      {judge ? (
        <span className="text-slate-500" data-testid="run-row-calls">
          {' '}
          · {judge.calls.toLocaleString('en-US')} calls{judge.inFlight ? `, ${judge.inFlight} pending` : ''}
          {run?.rateLimitedSince ? ' · waiting on rate limit' : ''}
        </span>
      ) : null}
    </span>
  );
}
