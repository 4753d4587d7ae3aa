'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { snapshotLiveDatasetAction, type DatasetActionState } from '@/lib/actions/datasets';

const initial: DatasetActionState = { ok: false };

/** Saves a live dataset's conversations as they are now as a fixed dataset (to run, replay and compare against later). */
export function SnapshotLiveForm({ dataset, defaultName }: { dataset: { id: string }; defaultName: string }) {
  const [state, action, pending] = useActionState(snapshotLiveDatasetAction, initial);
  return (
    <form action={action} className="flex flex-wrap items-start gap-2" aria-label="Save as a fixed dataset">
      <input type="hidden" name="id" value={dataset.id} />
      <div>
        <label className="sr-only" htmlFor="snapshot-name">
          Name of the fixed dataset
        </label>
        <input id="snapshot-name" name="name" defaultValue={defaultName} required maxLength={100} className="w-72 max-w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm" />
        {state.fieldErrors?.name ? <p className="mt-1 text-xs text-rose-700">{state.fieldErrors.name[0]}</p> : null}
        {!state.ok && state.message && !state.fieldErrors ? (
          <p role="alert" className="mt-1 text-xs text-rose-700">
            {state.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save as fixed dataset'}
      </Button>
    </form>
  );
}
