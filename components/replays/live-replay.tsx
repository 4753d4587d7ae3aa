'use client';

import { inCurrentProject } from '@/components/ui/project-link';
import Link from '@/components/ui/project-link';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { formatCost } from '@/lib/format/cost';
import { formatDuration } from '@/lib/format/format';
import { QueuedNote } from '@/components/jobs/queued-note';
import type { ReplayLive } from '@/lib/replay/replay-live';
import { isLiveReplay, replayStatusLabel, scoringFailed, shownReplayStatus } from '@/lib/replay/replay-status';
import { ReplayControls, ScoreAgain } from './replay-controls';
import { ReplayStatusBadge } from './replay-status-badge';
import { ReplaySamples } from './replay-samples';

const isLiveRunStatus = (status: string) => status === 'queued' || status === 'running';
const n = (value: number) => value.toLocaleString('en-US');

/** The worker's message names the turn too ("conversation 6, turn 2: …"); the list already says where. */
function withoutPlace(error: string, conversation: number, turn: number): string {
  const place = `conversation ${conversation}, turn ${turn}: `;
  return error.toLowerCase().startsWith(place) ? error.slice(place.length) : error;
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

/**
 * A replay's progress, errors and results, kept fresh: while it or its evaluation run goes on,
 * the small progress route is asked once a second, one request at a time. When the replay
 * ends, the page is refreshed once from the server.
 */
export function LiveReplay({ initial, mayChange, intervalMs = 1000 }: { initial: ReplayLive; mayChange: boolean; intervalMs?: number }) {
  const router = useRouter();
  const [replay, setReplay] = useState(initial);
  const [wake, setWake] = useState(0);
  // A server refresh brings new numbers: they replace what was polled.
  const initialKey = JSON.stringify(initial);
  const [rendered, setRendered] = useState(initialKey);
  if (rendered !== initialKey) {
    setRendered(initialKey);
    setReplay(initial);
  }
  const live = isLiveReplay(replay.status) || (replay.evaluation !== null && isLiveRunStatus(replay.evaluation.status));
  const replayLive = isLiveReplay(replay.status);

  useEffect(() => {
    if (!live) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const response = await fetch(inCurrentProject(`/api/replays/${encodeURIComponent(replay.id)}/progress`), { cache: 'no-store', signal: controller.signal });
        if (response.ok) {
          const fresh = (await response.json()) as ReplayLive;
          setReplay(fresh);
          if (replayLive && !isLiveReplay(fresh.status)) router.refresh();
        }
      } catch {
        // Offline for a moment or unmounted: the next tick tries again.
      }
      if (!controller.signal.aborted) timer = setTimeout(poll, intervalMs);
    };
    timer = setTimeout(poll, intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [live, replayLive, replay.id, intervalMs, router, wake]);
  const changed = useCallback(() => setWake((w) => w + 1), []);

  const { done, total, errors } = replay.progress;
  const settled = done + errors;
  const share = total ? Math.min(1, settled / total) : 0;
  const percent = Math.floor(share * 100);
  const barTone = replay.status === 'failed' ? 'bg-rose-500' : replay.status === 'cancelled' ? 'bg-slate-400' : errors > 0 ? 'bg-amber-500' : 'bg-indigo-600';
  const evaluation = replay.evaluation;
  const scoring = evaluation !== null && isLiveRunStatus(evaluation.status);
  const unscored = scoringFailed(replay);
  const took = !replayLive && replay.startedAt && replay.finishedAt ? Date.parse(replay.finishedAt) - Date.parse(replay.startedAt) : null;
  const waiting = replay.status === 'queued' ? Date.now() - Date.parse(replay.createdAt) : 0;

  return (
    <div className="space-y-4">
      <section
        aria-label="Replay progress"
        data-testid="replay-progress"
        data-status={replay.status}
        className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2 text-sm">
            <span className="font-semibold text-slate-700">{replay.status === 'queued' ? 'Waiting for a worker' : replayLive ? 'Regenerating turns' : 'Progress'}</span>
            <ReplayStatusBadge status={shownReplayStatus(replay)} testId="replay-status" />
          </div>
          {mayChange ? <ReplayControls replay={{ id: replay.id, status: replay.status, errors }} onChanged={changed} /> : null}
        </div>
        <div className="flex items-baseline justify-between text-sm">
          <span className="text-slate-600">Assistant turns</span>
          <span className="tabular-nums text-slate-600" data-testid="replay-progress-count" data-done={done} data-total={total}>
            {n(done)} / {n(total)} turns{errors ? ` (${n(errors)} errored)` : ''} · {percent}%
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Turns regenerated"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={settled}
          aria-valuetext={`${percent}%`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
        >
          <div className={`h-full rounded-full transition-[width] duration-700 ${barTone}`} style={{ width: `${share * 100}%` }} />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          <Stat label="Errors" value={n(errors)} tone={errors ? 'text-rose-700' : 'text-slate-900'} testId="replay-errors-count" />
          <Stat label="Target calls" value={n(replay.targetCalls)} />
          <Stat label="Tokens" value={n(replay.promptTokens + replay.completionTokens)} />
          {/* 0 is what a target without a known price (a local model, an app) costs as counted: unknown, not $0. */}
          <Stat label={replayLive ? 'Cost so far' : 'Cost'} value={formatCost(replay.costUsd > 0 ? 'priced' : 'unknown', replay.costUsd)} />
          {replay.simulation ? (
            <Stat
              label="Goal met · failed · max turns"
              value={`${n(replay.simulation.goalMet)} · ${n(replay.simulation.goalFailed)} · ${n(replay.simulation.maxTurns)}`}
              testId="replay-simulation-outcomes"
            />
          ) : (
            <Stat label="Off-script" value={replay.mode === 'on-policy' ? n(replay.offScript) : '–'} />
          )}
          {took === null ? (
            <Stat label="Started" value={replay.startedAt ? replay.startedAt.replace('T', ' ').slice(0, 19) : 'not yet'} />
          ) : (
            <Stat label="Took" value={formatDuration(took)} />
          )}
        </dl>
        <QueuedNote kind="replay" waitingMs={waiting} waitingBehind={replay.waitingBehind} slots="Replays have worker slots of their own, beside the runs' (TURNWISE_WORKER_REPLAYS, 1 by default)" />
        {replay.simulation && replay.simulation.skipped > 0 ? (
          <p className="text-sm text-slate-600" data-testid="replay-skipped">
            {n(replay.simulation.skipped)} conversation{replay.simulation.skipped === 1 ? '' : 's'} skipped: no scenario for the simulated user to play
            {replay.simulation.skippedConversations.length > 0 ? ` (conversation ${replay.simulation.skippedConversations.map((c) => c.conversation).join(', ')}${replay.simulation.skipped > replay.simulation.skippedConversations.length ? ', …' : ''})` : ''}.
          </p>
        ) : null}
        {replay.error && !unscored ? (
          <p className="text-sm text-rose-700" role="alert">
            {replay.error}
          </p>
        ) : null}
        {replay.errors.length > 0 ? (
          <div className="rounded-md bg-rose-50 p-3 text-sm" data-testid="replay-errors">
            <p className="font-medium text-rose-800">
              {n(errors)} {errors === 1 ? 'turn' : 'turns'} failed{errors > replay.errors.length ? ` (first ${replay.errors.length} shown)` : ''}:
            </p>
            <ul className="mt-1 space-y-1 text-rose-900">
              {replay.errors.map((e) => (
                <li key={`${e.conversation}:${e.turn}`} className="break-words">
                  <span className="font-medium">
                    Conversation {e.conversation}, turn {e.turn}
                  </span>
                  {e.attempts > 1 ? ` (${e.attempts} attempts)` : ''}: {withoutPlace(e.error, e.conversation, e.turn)}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      {replay.samples ? <ReplaySamples samples={replay.samples} /> : null}

      {replay.datasetId || replay.runId ? (
        <section aria-label="Results" data-testid="replay-results" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="text-sm font-semibold text-slate-700">Results</h2>
          <div className="flex flex-wrap items-center gap-2">
            {replay.datasetId ? (
              <Link href={`/datasets/${replay.datasetId}`} className={buttonClass('secondary')}>
                New dataset version
              </Link>
            ) : null}
            {replay.runId ? (
              <Link href={`/runs/${replay.runId}`} className={buttonClass('secondary')}>
                Evaluation run
              </Link>
            ) : null}
            {replay.runId && replay.compareWith ? (
              <Link href={`/compare?baseline=${encodeURIComponent(replay.compareWith)}&candidate=${encodeURIComponent(replay.runId)}`} className={buttonClass(scoring ? 'secondary' : 'primary')}>
                Open compare
              </Link>
            ) : null}
          </div>
          {unscored ? <ScoreAgain replay={replay} mayChange={mayChange} onChanged={changed} /> : null}
          {evaluation && !unscored ? (
            <p className="text-sm text-slate-600" data-testid="replay-evaluation" data-status={evaluation.status}>
              {scoring
                ? `Scoring the new version: ${n(evaluation.done)} / ${n(evaluation.total)} results${replay.compareWith ? '; compare is complete once it ends' : ''}.`
                : `Scored: ${n(evaluation.done)} results${evaluation.errors ? `, ${n(evaluation.errors)} errored` : ''} (${replayStatusLabel[evaluation.status] ?? evaluation.status}).`}
            </p>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
