'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { Button } from '@/components/ui/button';
import { setLiveRedactionAction } from '@/lib/actions/redaction';
import type { ActionResult } from '@/lib/actions/action-result';
import { RedactionChoices, type RedactionChoice } from './redaction-choices';

/** An admin's form for what a live dataset redacts from now on. */
export function LiveRedactionForm({ datasetId, current, patterns }: { datasetId: string; current: RedactionChoice; patterns: { name: string; pattern: string }[] }) {
  const [state, action, pending] = useActionState<ActionResult, FormData>(setLiveRedactionAction, { ok: true });
  return (
    <form action={action} className="space-y-3" aria-label="Redaction of personal data">
      <input type="hidden" name="id" value={datasetId} />
      <RedactionChoices value={current} patterns={patterns} legend="Redact in what arrives from now on" />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending}>
          {pending ? 'Saving…' : 'Save redaction'}
        </Button>
        <FormMessage state={state} />
      </div>
    </form>
  );
}
