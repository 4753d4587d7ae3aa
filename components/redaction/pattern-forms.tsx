'use client';

import { useActionState, useState } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/form-styles';
import { addRedactionPatternAction, removeRedactionPatternAction } from '@/lib/actions/redaction';
import type { ActionResult } from '@/lib/actions/action-result';

/** Adds a pattern: a name (its placeholder) and an RE2 pattern; a refused one says why beside its field. */
export function AddPatternForm() {
  // Kept in state: a refused pattern stays in its field beside the reason, to be corrected.
  const [fields, setFields] = useState({ name: '', pattern: '' });
  const [state, action, pending] = useActionState<ActionResult, FormData>(async (prev: ActionResult, formData: FormData) => {
    const result = await addRedactionPatternAction(prev, formData);
    if (result.ok) setFields({ name: '', pattern: '' });
    return result;
  }, { ok: true });
  const error = (field: string) => state.fieldErrors?.[field]?.[0];
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-[14rem_1fr_auto] sm:items-start" aria-label="Add a pattern">
      <label className="text-sm">
        Name
        <input
          name="name"
          required
          maxLength={40}
          placeholder="staff-id"
          value={fields.name}
          onChange={(e) => setFields({ ...fields, name: e.target.value })}
          className={`${inputClass} font-mono`}
          aria-invalid={!!error('name')}
        />
        {error('name') ? <span className="mt-1 block text-xs text-rose-700">{error('name')}</span> : null}
      </label>
      <label className="text-sm">
        Pattern (RE2)
        <input
          name="pattern"
          required
          maxLength={500}
          placeholder="EMP-[0-9]{6}"
          value={fields.pattern}
          onChange={(e) => setFields({ ...fields, pattern: e.target.value })}
          className={`${inputClass} font-mono`}
          aria-invalid={!!error('pattern')}
        />
        {error('pattern') ? <span className="mt-1 block text-xs text-rose-700">{error('pattern')}</span> : null}
      </label>
      <Button type="submit" variant="primary" disabled={pending} className="sm:mt-6">
        {pending ? 'Adding…' : 'Add pattern'}
      </Button>
      <div className="sm:col-span-3">{state.fieldErrors ? null : <FormMessage state={state} />}</div>
    </form>
  );
}

export function RemovePatternButton({ id, name }: { id: string; name: string }) {
  const [state, action, pending] = useActionState<ActionResult, FormData>(removeRedactionPatternAction, { ok: true });
  return (
    <form action={action} className="flex items-center gap-2">
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" className="text-rose-700" disabled={pending} aria-label={`Remove ${name}`}>
        {pending ? 'Removing…' : 'Remove'}
      </Button>
      {state.ok ? null : <FormMessage state={state} />}
    </form>
  );
}
