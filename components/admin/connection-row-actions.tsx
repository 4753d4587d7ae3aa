'use client';

import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteConnectionAction, markDefaultJudgeAction, testConnectionAction, type ConnectionActionState } from '@/lib/actions/connections';
import { FormMessage } from './form-message';

/** Test (one small request, its answer shown), mark as the default judge, and delete, for one stored connection. */
export function ConnectionRowActions({ id, name, isDefault }: { id: string; name: string; isDefault: boolean }) {
  const [test, testAction, testing] = useActionState<ConnectionActionState, FormData>(testConnectionAction, { ok: true });
  const [mark, markAction, marking] = useActionState<ConnectionActionState, FormData>(markDefaultJudgeAction, { ok: true });
  const [del, delAction, deleting] = useActionState<ConnectionActionState, FormData>(deleteConnectionAction, { ok: true });
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <form action={testAction}>
          <input type="hidden" name="id" value={id} />
          <Button type="submit" disabled={testing} aria-label={`Test ${name}`}>
            {testing ? 'Testing…' : 'Test'}
          </Button>
        </form>
        <form action={markAction}>
          <input type="hidden" name="id" value={id} />
          {isDefault ? <input type="hidden" name="clear" value="1" /> : null}
          <Button type="submit" variant="ghost" disabled={marking} aria-label={isDefault ? `Stop using ${name} as the default judge` : `Mark ${name} as default judge`}>
            {isDefault ? 'Unmark default' : 'Mark as default judge'}
          </Button>
        </form>
        <Button variant="ghost" className="text-rose-700" aria-label={`Delete ${name}`} onClick={() => setConfirming(true)}>
          Delete
        </Button>
      </div>
      <ConfirmDialog open={confirming && del.ok !== false} onClose={() => setConfirming(false)} title={`Delete the connection “${name}”?`}>
        <p className="text-sm text-slate-700">Runs that used it keep their results; new runs can no longer pick it.</p>
        <form action={delAction} className="flex justify-end gap-2">
          <input type="hidden" name="id" value={id} />
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete connection'}
          </Button>
        </form>
      </ConfirmDialog>
      {test.test ? (
        <p role="status" data-testid="connection-test" className={`text-sm ${test.test.ok ? 'text-emerald-700' : 'text-rose-700'}`}>
          {test.test.ok ? 'Answered' : 'Failed'} ({test.test.model}, {test.test.ms} ms): {test.test.message}
        </p>
      ) : (
        <FormMessage state={test} />
      )}
      <FormMessage state={mark} />
      <FormMessage state={del} />
    </div>
  );
}
