'use client';

import { useActionState, useEffect } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { Button } from '@/components/ui/button';
import { moveDatasetAction, type ProjectActionState } from '@/lib/actions/projects';

/** Moves the dataset with its runs to another project the viewer administers. */
export function MoveDatasetForm({ datasetId, targets }: { datasetId: string; targets: { slug: string; name: string }[] }) {
  const [state, action, pending] = useActionState<ProjectActionState, FormData>(moveDatasetAction, { ok: true });
  // A page of another project: a full load, so the page is told its project by its URL.
  useEffect(() => {
    if (state.location) window.location.assign(state.location);
  }, [state.location]);
  if (targets.length === 0) return null;
  return (
    <form
      action={action}
      className="flex flex-wrap items-center gap-2 text-sm"
      aria-label="Move to another project"
      onSubmit={(e) => (confirm('Move this dataset with its runs? Its links of this project stop opening it.') ? undefined : e.preventDefault())}
    >
      <input type="hidden" name="id" value={datasetId} />
      <label className="flex items-center gap-2">
        <span className="text-slate-600">Move with its runs to</span>
        <select name="project" className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
          {targets.map((t) => (
            <option key={t.slug} value={t.slug}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? 'Moving…' : 'Move'}
      </Button>
      <FormMessage state={state} />
    </form>
  );
}
