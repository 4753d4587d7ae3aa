'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { cancelRunAction } from '@/lib/actions/runs';
import { isLiveRun } from '@/lib/domain/run-progress';
import { useRunProgress } from './live/live-progress-provider';

export interface RunControlsProps {
  run: { id: string; status: string };
}

/**
 * Cancel button of a queued or running run; gone as soon as the live numbers say it ended (an
 * offline run often ends within a second or two, before a click could stop anything).
 */
export function RunControls({ run }: RunControlsProps) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const status = useRunProgress(run.id)?.status ?? run.status;
  if (!isLiveRun(status)) return null;

  const cancel = () =>
    startTransition(async () => {
      const result = await cancelRunAction(run.id);
      setConfirming(false);
      setMessage(result.ok ? null : (result.message ?? 'The run could not be cancelled.'));
      router.refresh();
    });

  return (
    <div className="flex items-center gap-2 text-sm">
      {confirming ? (
        <>
          <span className="text-slate-600">Stop scoring? Results so far are kept.</span>
          <button
            type="button"
            onClick={cancel}
            disabled={pending}
            className="rounded-md bg-rose-600 px-3 py-1.5 font-medium text-white shadow-sm hover:bg-rose-700 disabled:opacity-60"
          >
            {pending ? 'Cancelling…' : 'Yes, cancel run'}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className="rounded-md px-3 py-1.5 text-slate-600 hover:bg-slate-100">
            Keep running
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 shadow-sm hover:bg-slate-50"
        >
          Cancel run
        </button>
      )}
      {message ? <span role="alert" className="text-rose-700">{message}</span> : null}
    </div>
  );
}
