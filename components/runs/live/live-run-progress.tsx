'use client';

import { formatDuration } from '@/lib/format/format';
import { QueuedNote } from '@/components/jobs/queued-note';
import { costBasis, formatCost } from '@/lib/format/cost';
import { isLiveRun, liveJudgeNumbers, lostJudgeCalls, type RunProgressSnapshot } from '@/lib/domain/run-progress';
import { IMPORTED_JUDGE_KIND } from '@/lib/domain/imported-result';
import { useRunProgress } from './live-progress-provider';

const ms = (iso: string | null): number | null => (iso ? Date.parse(iso) : null);

/** Time left from the rate so far, extrapolated to the items left; null until the first item is done. */
function timeLeft(run: RunProgressSnapshot, now: number): number | null {
  const started = ms(run.startedAt);
  if (started === null || run.doneItems === 0 || now <= started) return null;
  return ((run.totalItems - run.doneItems) * (now - started)) / run.doneItems;
}

function Stat({ label, value, tone = 'text-slate-900', testId }: { label: string; value: string; tone?: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={`text-sm font-medium tabular-nums ${tone}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A run's bar, counters and time left, kept fresh by the LiveProgressProvider around it. */
export function LiveRunProgress({ runId }: { runId: string }) {
  const run = useRunProgress(runId);
  if (!run) return null;
  const live = isLiveRun(run.status);
  const offline = run.judgeKind === 'offline';
  // Scores another tool computed (deepeval…): no judge call of Turnwise's, its tokens and cost as the tool gave them.
  const imported = run.judgeKind === IMPORTED_JUDGE_KIND;
  const share = run.totalItems ? Math.min(1, run.doneItems / run.totalItems) : 0;
  const percent = Math.floor(share * 100);
  const now = Date.now();
  const left = run.status === 'running' ? timeLeft(run, now) : null;
  const started = ms(run.startedAt);
  const finished = ms(run.finishedAt);
  const took = !live && started !== null && finished !== null ? finished - started : null;
  const waiting = run.status === 'queued' ? now - Date.parse(run.createdAt) : 0;
  const limitedSince = ms(run.rateLimitedSince);
  const lost = lostJudgeCalls(run);
  const heldBack = run.status === 'running' && limitedSince !== null ? now - limitedSince : 0;
  const refusals = run.rateLimitRefusals;
  const judge = liveJudgeNumbers(run);
  const barTone =
    run.status === 'failed' ? 'bg-rose-500' : run.status === 'cancelled' ? 'bg-slate-400' : run.errorItems > 0 ? 'bg-amber-500' : 'bg-indigo-600';
  const timeLeftText =
    run.status === 'queued' ? 'once started' : left !== null ? `about ${formatDuration(left)}` : judge.calls > 0 || judge.inFlight > 0 ? 'estimating…' : '–';
  // A model with no known price costs something unknown, not $0 (as the new-run estimate says).
  // An imported run's cost is what its tool reported, if it did.
  const cost = imported ? (run.costUsd > 0 ? formatCost('priced', run.costUsd) : 'not given') : formatCost(costBasis(run.judgeKind ?? 'openai', run.priced), judge.costUsd);
  const rateLimit =
    run.rateLimitRpm !== null ? `${run.rateLimitRpm.toLocaleString('en-US')} requests/min` : refusals > 0 ? 'met (no limit announced)' : 'none seen';

  return (
    <div data-testid="run-progress-live" data-status={run.status}>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span className="font-semibold text-slate-700">{run.status === 'queued' ? 'Waiting for a worker' : live ? 'Scoring' : imported ? 'Results imported' : 'Progress'}</span>
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
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] duration-700 ${barTone}`} style={{ width: `${share * 100}%` }} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
        <Stat label="Errors" value={String(run.errorItems)} tone={run.errorItems ? 'text-rose-700' : 'text-slate-900'} testId="run-progress-errors-count" />
        {imported ? null : (
          <Stat
            label={offline ? 'Rule evaluations' : 'Judge calls'}
            value={`${judge.calls.toLocaleString('en-US')}${run.cacheHits ? ` (+${run.cacheHits.toLocaleString('en-US')} cached)` : ''}${
              live && !offline ? ` · ${judge.inFlight.toLocaleString('en-US')} pending` : ''
            }`}
            testId="run-progress-calls"
          />
        )}
        <Stat label="Tokens" value={offline ? 'none' : judge.tokens.toLocaleString('en-US')} testId="run-progress-tokens" />
        <Stat label={live ? 'Cost so far' : 'Cost'} value={cost} testId="run-progress-cost" />
        {offline || imported ? null : (
          <Stat
            label="Rate limit"
            value={heldBack >= 1000 ? `${rateLimit} · waiting` : rateLimit}
            tone={heldBack >= 1000 ? 'text-amber-700' : 'text-slate-900'}
            testId="run-progress-rate-limit"
          />
        )}
        <Stat label={live ? 'Time left' : imported ? 'Stored in' : 'Took'} value={live ? timeLeftText : took === null ? '–' : formatDuration(took)} testId="run-progress-time" />
        <Stat label="Started" value={run.startedAt ? run.startedAt.replace('T', ' ').slice(0, 19) : 'not yet'} />
      </dl>
      {lost > 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="run-lost-calls">
          {lost.toLocaleString('en-US')} more judge {lost === 1 ? 'call was' : 'calls were'} made for results that were never stored (a cancel, or a
          worker that stopped part-way); they are not in the count above, and a resumed run answered them from the cache.
        </p>
      ) : null}
      {heldBack >= 1000 || refusals > 0 ? (
        <p className="mt-3 text-sm text-amber-800" data-testid="run-rate-limit">
          {heldBack >= 1000 ? `Waiting for the rate limit: ${formatDuration(heldBack)} so far. ` : ''}
          {refusals > 0
            ? `The judge refused ${refusals.toLocaleString('en-US')} ${refusals === 1 ? 'request' : 'requests'} for its rate limit; each was waited out and sent again.`
            : ''}
        </p>
      ) : null}
      <QueuedNote
        kind="run"
        waitingMs={waiting}
        waitingBehind={run.waitingBehind}
        slots="Each worker scores a few chunks at once (TURNWISE_WORKER_RUNS, 2 by default), taken in turn from the runs it holds"
      />
    </div>
  );
}
