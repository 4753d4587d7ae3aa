import { getDb } from '@/lib/db/client';
import { listRunErrors } from '@/lib/db/queries/runs/list-run-errors';
import { metricLabel } from '@/lib/format/format';
import { RunAutoRefresh } from './run-controls';

export interface RunProgressProps {
  run: {
    id: string;
    status: string;
    totalItems: number;
    doneItems: number;
    errorItems: number;
    judgeCalls: number;
    cacheHits?: number;
    promptTokens: number;
    completionTokens: number;
    costUsd: number;
    rateLimitRefusals?: number;
    rateLimitedSince?: Date | null;
    startedAt: Date | null;
    createdAt: Date;
    finishedAt?: Date | null;
  };
}

const LIVE = new Set(['queued', 'running']);
const ERRORS_SHOWN = 10;

/** "1 h 5 min", "3 min 20 s", "42 s". */
function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * Time left from the rate so far: items done since the run started, extrapolated to the
 * items left. Null until the first item is done.
 */
function timeLeft(run: RunProgressProps['run'], now: number): number | null {
  if (!run.startedAt || run.doneItems === 0) return null;
  const elapsed = now - run.startedAt.getTime();
  if (elapsed <= 0) return null;
  return ((run.totalItems - run.doneItems) * elapsed) / run.doneItems;
}

function Stat({ label, value, tone = 'text-slate-900' }: { label: string; value: string; tone?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-sm font-medium tabular-nums ${tone}`}>{value}</dd>
    </div>
  );
}

/**
 * A run's live progress: bar, counters, time left, and the results that failed. While the
 * run is queued or running it refreshes itself every second.
 */
export async function RunProgress({ run }: RunProgressProps) {
  const live = LIVE.has(run.status);
  const share = run.totalItems ? Math.min(1, run.doneItems / run.totalItems) : 0;
  const percent = Math.floor(share * 100);
  const errors = run.errorItems > 0 ? await listRunErrors(getDb(), run.id, ERRORS_SHOWN) : [];
  const now = Date.now();
  const left = run.status === 'running' ? timeLeft(run, now) : null;
  const took = !live && run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null;
  const waiting = run.status === 'queued' ? now - run.createdAt.getTime() : 0;
  const heldBack = run.status === 'running' && run.rateLimitedSince ? now - run.rateLimitedSince.getTime() : 0;
  const refusals = run.rateLimitRefusals ?? 0;
  const barTone =
    run.status === 'failed' ? 'bg-rose-500' : run.status === 'cancelled' ? 'bg-slate-400' : run.errorItems > 0 ? 'bg-amber-500' : 'bg-indigo-600';

  return (
    <section aria-label="Run progress" data-testid="run-progress" data-status={run.status} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <RunAutoRefresh active={live} />
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-semibold text-slate-700">
          {run.status === 'queued' ? 'Waiting for a worker' : live ? 'Scoring' : 'Progress'}
        </span>
        <span className="tabular-nums text-slate-600" data-testid="run-progress-count">
          {run.doneItems} / {run.totalItems} results · {percent}%
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Results scored"
        aria-valuemin={0}
        aria-valuemax={run.totalItems}
        aria-valuenow={run.doneItems}
        aria-valuetext={`${percent}%`}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div className={`h-full rounded-full transition-[width] duration-700 ${barTone}`} style={{ width: `${share * 100}%` }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <Stat label="Errors" value={String(run.errorItems)} tone={run.errorItems ? 'text-rose-700' : 'text-slate-900'} />
        <Stat label="Judge calls" value={`${run.judgeCalls.toLocaleString('en-US')}${run.cacheHits ? ` (+${run.cacheHits.toLocaleString('en-US')} cached)` : ''}`} />
        <Stat label="Tokens" value={(run.promptTokens + run.completionTokens).toLocaleString('en-US')} />
        <Stat label="Cost so far" value={`$${run.costUsd.toFixed(4)}`} />
        <Stat
          label={live ? 'Time left' : 'Took'}
          value={live ? (left === null ? '–' : `about ${formatDuration(left)}`) : took === null ? '–' : formatDuration(took)}
        />
        <Stat label="Started" value={run.startedAt ? run.startedAt.toISOString().replace('T', ' ').slice(0, 19) : 'not yet'} />
      </dl>
      {heldBack >= 1000 || refusals > 0 ? (
        <p className="mt-3 text-sm text-amber-800" data-testid="run-rate-limit">
          {heldBack >= 1000 ? `Waiting for the rate limit: ${formatDuration(heldBack)} so far. ` : ''}
          {refusals > 0
            ? `The judge refused ${refusals.toLocaleString('en-US')} ${refusals === 1 ? 'request' : 'requests'} for its rate limit; each was waited out and sent again.`
            : ''}
        </p>
      ) : null}
      {waiting > 15_000 ? (
        <p className="mt-3 text-sm text-amber-800">
          No worker has taken this run for {formatDuration(waiting)}. The app server runs one unless TURNWISE_WORKER=0; more start
          with <code className="rounded bg-slate-100 px-1">npm run worker</code>.
        </p>
      ) : null}
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
