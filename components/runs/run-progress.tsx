import { loadRunErrors } from '@/lib/runs/page/load-run-errors';
import type { RunProgressSource } from '@/lib/domain/run-progress';
import { metricLabel } from '@/lib/format/format';
import { LiveRunProgress } from './live/live-run-progress';

export interface RunProgressProps {
  run: RunProgressSource;
}

const ERRORS_SHOWN = 10;

/**
 * A run's progress: bar, counters and time left (kept live in the browser while the run goes
 * on by the LiveProgressProvider the page puts around it), and the results that failed (as of the last server render: the page refreshes when the
 * run ends).
 */
export async function RunProgress({ run }: RunProgressProps) {
  const errors = await loadRunErrors(run, ERRORS_SHOWN);
  return (
    <section aria-label="Run progress" data-testid="run-progress" data-status={run.status} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <LiveRunProgress runId={run.id} />
      {errors.length > 0 ? (
        <div className="mt-3 rounded-md bg-rose-50 p-3 text-sm" data-testid="run-progress-errors">
          <p className="font-medium text-rose-800">
            {run.errorItems} {run.errorItems === 1 ? 'result' : 'results'} failed
            {run.errorItems > errors.length ? ` (first ${errors.length} shown)` : ''}:
          </p>
          <ul className="mt-1 space-y-1 text-rose-900">
            {errors.map((e) => (
              <li key={`${e.conversationId}:${e.metric}`} className="break-words">
                <span className="font-medium">{e.conversationName}</span> · {metricLabel(e.metric)}: {e.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
