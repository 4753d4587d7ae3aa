'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ProgressBar } from '@/components/ui/progress-bar';
import { formatBytes } from '../format-labels';
import { FileDrop } from './file-drop';
import { uploadTestRun } from './upload-test-run';

type State = { phase: 'idle' } | { phase: 'sending'; share: number } | { phase: 'failed'; message: string } | { phase: 'waiting'; received: number; expected: number; runId: string };

/**
 * A deepeval test run file (test_run_*.json of DEEPEVAL_RESULTS_FOLDER) dropped on the import page:
 * it is not a dataset to preview but a run scored by deepeval, stored as a dataset version and a
 * run, then opened.
 */
export function TestRunImport({ file, onFiles }: { file: File; onFiles: (files: File[]) => void }) {
  const router = useRouter();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const abort = useRef<(() => void) | null>(null);
  const sending = state.phase === 'sending';

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setState({ phase: 'sending', share: 0 });
    const request = uploadTestRun(file, (share) => setState({ phase: 'sending', share }));
    abort.current = request.abort;
    const answer = await request.done;
    abort.current = null;
    if (!answer.ok) return setState({ phase: 'failed', message: answer.message });
    if (answer.stored) return router.push(`/runs/${answer.runId}`);
    setState({ phase: 'waiting', received: answer.received, expected: answer.expected, runId: answer.runId });
  };

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <div className="space-y-3 text-sm" data-testid="test-run-file">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone="blue">deepeval test run</Badge>
            <span className="truncate font-medium" title={file.name}>
              {file.name}
            </span>
            <span className="text-xs text-slate-500">{formatBytes(file.size)}</span>
          </div>
          <p className="text-slate-700">
            This file holds the results of a deepeval test run (deepeval writes it to <code className="rounded bg-slate-100 px-1">DEEPEVAL_RESULTS_FOLDER</code>). Its test cases
            become a dataset version and its scores a run, with deepeval as the judge: each metric&apos;s score, reason and threshold, and the per-turn verdicts its verbose logs
            give. The same run sent by deepeval&apos;s client, or this file imported again, is one run.
          </p>
        </div>
      </Card>
      <form onSubmit={submit} aria-label="Import test run" className="space-y-4 self-start rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
        {sending ? (
          <div className="space-y-1">
            <ProgressBar value={state.share >= 1 ? null : state.share} label="Importing" />
            <p className="text-xs text-slate-500 tabular-nums">{state.share >= 1 ? 'Storing the run…' : `Uploading… ${Math.round(state.share * 100)}%`}</p>
          </div>
        ) : null}
        {state.phase === 'failed' ? (
          <p role="alert" className="break-words rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-800">
            {state.message}
          </p>
        ) : null}
        {state.phase === 'waiting' ? (
          <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {state.received} of the {state.expected} test cases this run announces are here; it is stored once the others arrive (from deepeval&apos;s client, or a file holding them).
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-2">
          <Button type="submit" variant="primary" disabled={sending}>
            {sending ? 'Importing…' : 'Import test run'}
          </Button>
          {sending ? (
            <Button variant="ghost" onClick={() => abort.current?.()}>
              Cancel
            </Button>
          ) : null}
        </div>
        {sending ? null : <FileDrop onFiles={onFiles} compact />}
      </form>
    </div>
  );
}
