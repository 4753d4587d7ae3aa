'use client';

import Link from '@/components/ui/project-link';
import type { ReactNode } from 'react';
import type { WaitingBehind } from '@/lib/domain/run-progress';
import { formatDuration } from '@/lib/format/format';
import { describeWaitingBehind } from '@/lib/format/waiting-behind';

/** How long a job may sit queued before its page says why: a worker usually takes it sooner. */
const SAY_AFTER_MS = 15_000;

const command = (text: string) => <code className="rounded bg-slate-100 px-1">{text}</code>;

/**
 * What a queued job (a run, a replay) waits behind and for how long, with links to the jobs of its
 * kind under way; when nothing of its kind is under way or queued before it, that no worker has
 * taken it and how to start one. Nothing in the first seconds.
 */
export function QueuedNote(props: { kind: 'run' | 'replay'; waitingMs: number; waitingBehind: WaitingBehind | null | undefined; slots: ReactNode }) {
  const { kind, waitingMs, waitingBehind } = props;
  if (waitingMs <= SAY_AFTER_MS) return null;
  const busy = describeWaitingBehind(waitingBehind, kind === 'run' ? 'runs' : 'replays');
  if (!busy) {
    return (
      <p className="mt-3 text-sm text-amber-800" data-testid={`${kind}-no-worker`}>
        No worker has taken this {kind} for {formatDuration(waitingMs)}. {command('npm run dashboard')} starts one beside the web server (unless
        TURNWISE_WORKER=0); more start with {command('npm run worker')}.
      </p>
    );
  }
  const running = waitingBehind?.running ?? [];
  return (
    <p className="mt-3 text-sm text-slate-700" data-testid={`${kind}-waiting-behind`}>
      Queued for {formatDuration(waitingMs)}. {busy} {props.slots}; {command('npm run worker')} starts another.
      {running.length ? (
        <span className="mt-1 block">
          {running.length === 1 ? 'Open it: ' : 'Open them: '}
          {running.map((r, i) => (
            <span key={r.id}>
              {i > 0 ? ' · ' : ''}
              {r.otherProject ? (
                r.label
              ) : (
                <Link href={`/${kind}s/${r.id}`} className="text-indigo-700 hover:underline">
                  {r.label}
                </Link>
              )}
            </span>
          ))}
        </span>
      ) : null}
    </p>
  );
}
