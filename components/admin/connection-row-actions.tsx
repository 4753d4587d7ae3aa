'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { deleteConnectionAction, testConnectionAction, type ConnectionActionState } from '@/lib/actions/connections';
import { FormMessage } from './form-message';

/** Test (one small request, its answer shown) and delete for one stored connection. */
export function ConnectionRowActions({ id, name }: { id: string; name: string }) {
  const [test, testAction, testing] = useActionState<ConnectionActionState, FormData>(testConnectionAction, { ok: true });
  const [del, delAction] = useActionState<ConnectionActionState, FormData>(deleteConnectionAction, { ok: true });
  return (
    <div className="space-y-2">
      <div className="flex items-center gap-2">
        <form action={testAction}>
          <input type="hidden" name="id" value={id} />
          <Button type="submit" disabled={testing} aria-label={`Test ${name}`}>
            {testing ? 'Testing…' : 'Test'}
          </Button>
        </form>
        <form action={delAction} onSubmit={(e) => (confirm(`Delete the connection ${name}? Runs that used it keep their results.`) ? undefined : e.preventDefault())}>
          <input type="hidden" name="id" value={id} />
          <Button type="submit" variant="ghost" className="text-rose-700" aria-label={`Delete ${name}`}>
            Delete
          </Button>
        </form>
      </div>
      {test.test ? (
        <p role="status" data-testid="connection-test" className={`text-sm ${test.test.ok ? 'text-emerald-700' : 'text-rose-700'}`}>
          {test.test.ok ? 'Answered' : 'Failed'} ({test.test.model}, {test.test.ms} ms): {test.test.message}
        </p>
      ) : (
        <FormMessage state={test} />
      )}
      <FormMessage state={del} />
    </div>
  );
}
