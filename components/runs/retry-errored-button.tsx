'use client';

import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { retryErroredAction } from '@/lib/actions/runs';

/** Queues an ended run again for its errored results only; the rest stays as it is. */
export function RetryErroredButton({ runId, count, whole }: { runId: string; count: number; whole: number }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<string | null>(null);

  const retry = () =>
    startTransition(async () => {
      const result = await retryErroredAction(runId);
      setMessage(result.ok ? null : (result.message ?? 'The errored results could not be queued again.'));
      router.refresh();
    });

  return (
    <div className="flex items-center gap-2 text-sm">
      <button
        type="button"
        onClick={retry}
        disabled={pending}
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:opacity-60"
      >
        {pending ? 'Queuing…' : `Re-run ${count.toLocaleString('en-US')} result${count === 1 ? '' : 's'} with errors`}
      </button>
      {count > whole ? (
        // The run's error count is `whole`; say what the rest are, so the two numbers do not seem to disagree.
        <span className="text-xs text-slate-500" data-testid="retry-errored-breakdown">
          {whole.toLocaleString('en-US')} errored · {(count - whole).toLocaleString('en-US')} with unjudged turns
        </span>
      ) : null}
      {message ? <span role="alert" className="text-rose-700">{message}</span> : null}
    </div>
  );
}
