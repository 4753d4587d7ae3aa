'use client';

import { useProjectHref } from '@/components/ui/project-link';
import { useActionState, useEffect, useState } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteDatasetAction, renameDatasetAction, type DatasetActionState } from '@/lib/actions/datasets';

const EXPORTS = [
  { format: 'deepeval-json', label: 'deepeval JSON' },
  { format: 'jsonl', label: 'JSONL' },
  { format: 'long-csv', label: 'CSV' },
] as const;

const initial: DatasetActionState = { ok: false };

export interface DatasetActionsProps {
  dataset: { id: string; name: string; conversationCount: number; runCount: number };
}

function RenameForm({ dataset, onDone }: { dataset: DatasetActionsProps['dataset']; onDone: () => void }) {
  const [state, action, pending] = useActionState(renameDatasetAction, initial);
  useEffect(() => {
    if (state.ok) onDone();
  }, [state, onDone]);
  return (
    <form action={action} className="flex flex-wrap items-start gap-2" aria-label="Rename dataset">
      <input type="hidden" name="id" value={dataset.id} />
      <div>
        <input
          name="name"
          defaultValue={dataset.name}
          aria-label="New name"
          required
          maxLength={200}
          autoFocus
          className="w-80 max-w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
        />
        {state.fieldErrors?.name ? <p className="mt-1 text-xs text-rose-700">{state.fieldErrors.name[0]}</p> : null}
        {!state.ok && state.message && !state.fieldErrors ? <p className="mt-1 text-xs text-rose-700">{state.message}</p> : null}
      </div>
      <Button type="submit" variant="primary" disabled={pending}>
        {pending ? 'Saving…' : 'Save name'}
      </Button>
      <Button variant="ghost" onClick={onDone}>
        Cancel
      </Button>
    </form>
  );
}

function DeleteDialog({ dataset, open, onClose }: { dataset: DatasetActionsProps['dataset']; open: boolean; onClose: () => void }) {
  const [state, action, pending] = useActionState(deleteDatasetAction, initial);
  const runs = dataset.runCount;
  return (
    <ConfirmDialog open={open} onClose={onClose} title={`Delete “${dataset.name}”?`}>
      <div className="space-y-2 text-sm text-slate-700">
        <p>
          {dataset.conversationCount === 1 ? 'Its 1 conversation is' : `Its ${dataset.conversationCount.toLocaleString('en-US')} conversations are`} deleted with it. This
          cannot be undone.
        </p>
        {runs > 0 ? (
          <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
            This dataset has {runs} {runs === 1 ? 'run' : 'runs'}: {runs === 1 ? 'it is' : 'they are'} deleted too, with all {runs === 1 ? 'its' : 'their'} scores.
          </p>
        ) : null}
        {!state.ok && state.message ? (
          <p role="alert" className="text-rose-700">
            {state.message}
          </p>
        ) : null}
      </div>
      <form action={action} className="flex justify-end gap-2">
        <input type="hidden" name="id" value={dataset.id} />
        <input type="hidden" name="runs" value={runs} />
        <Button variant="ghost" onClick={onClose}>
          Keep it
        </Button>
        <Button type="submit" variant="danger" disabled={pending}>
          {pending ? 'Deleting…' : runs > 0 ? `Delete dataset and ${runs} ${runs === 1 ? 'run' : 'runs'}` : 'Delete dataset'}
        </Button>
      </form>
    </ConfirmDialog>
  );
}

/** Rename, export and delete for one dataset (export only, for who may not change it). */
export function DatasetActions({ dataset, mayChange }: DatasetActionsProps & { mayChange: boolean }) {
  const projectHref = useProjectHref();
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        {mayChange ? (
          <Button onClick={() => setRenaming(true)} disabled={renaming}>
            Rename
          </Button>
        ) : null}
        <div className="flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm shadow-sm" role="group" aria-label="Export">
          <span className="px-1 text-slate-500">Export</span>
          {EXPORTS.map((e) => (
            <a key={e.format} href={projectHref(`/api/datasets/${dataset.id}/export?format=${e.format}`)} download className="rounded px-1.5 py-0.5 font-medium text-indigo-700 hover:bg-indigo-50">
              {e.label}
            </a>
          ))}
        </div>
        {mayChange ? (
          <button type="button" onClick={() => setDeleting(true)} className={buttonClass('secondary', 'text-rose-700 hover:bg-rose-50')}>
            Delete
          </button>
        ) : null}
      </div>
      {renaming ? <RenameForm dataset={dataset} onDone={() => setRenaming(false)} /> : null}
      <DeleteDialog dataset={dataset} open={deleting} onClose={() => setDeleting(false)} />
    </div>
  );
}
