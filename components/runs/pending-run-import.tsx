import { ProgressBar } from '@/components/ui/progress-bar';
import type { PendingRunImport as Pending } from '@/lib/deepeval/page/load-pending-run-import';
import { RefreshEvery } from './refresh-every';

/** An imported run still arriving (deepeval's client links to the run at its first request): what has come, and what happens next. */
export function PendingRunImport({ pending }: { pending: Pending }) {
  const share = pending.expected > 0 ? Math.min(1, pending.received / pending.expected) : 0;
  return (
    <div className="space-y-4" data-testid="pending-run-import" data-status={pending.status}>
      <h1 className="text-2xl font-semibold">{pending.status === 'failed' ? `A ${pending.origin} test run that could not be stored` : `Receiving a ${pending.origin} test run`}</h1>
      <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm shadow-sm">
        <ProgressBar value={pending.status === 'storing' ? null : share} label="Test cases received" />
        <p className="tabular-nums text-slate-700">
          {pending.received.toLocaleString('en-US')} of its {pending.expected.toLocaleString('en-US')} test cases have arrived
          {pending.status === 'storing' ? '; storing them as a dataset version and a run…' : '.'}
        </p>
        {pending.status === 'failed' ? (
          <p role="alert" className="break-words rounded-md bg-rose-50 px-3 py-2 text-rose-800">
            Storing it failed: {pending.error ?? 'no reason was kept'}. The test cases are kept: sending the run again (its last request, or its test_run file
            from DEEPEVAL_RESULTS_FOLDER on the import page) tries again.
          </p>
        ) : (
          <p className="text-slate-600">
            {pending.origin}&apos;s client sends a test run in parts; it becomes a run here once every test case has arrived, and this page then shows it. A client
            that stopped part-way can send the run again, or its test_run file (DEEPEVAL_RESULTS_FOLDER) can be imported on the Datasets → New page. Last part received{' '}
            {pending.updatedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC.
          </p>
        )}
      </section>
      {pending.status === 'failed' ? null : <RefreshEvery seconds={3} />}
    </div>
  );
}
