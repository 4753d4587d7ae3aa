'use client';

import { useActionState } from 'react';
import { AuthField } from '@/components/auth/auth-field';
import { Button } from '@/components/ui/button';
import { createApiKeyAction, deleteApiKeyAction, revokeAnyApiKeyAction, type ApiKeyActionState } from '@/lib/actions/api-keys';
import { FormMessage } from './form-message';

/** Makes a key and shows it once. */
export function NewApiKeyForm() {
  const [state, action, pending] = useActionState<ApiKeyActionState, FormData>(createApiKeyAction, { ok: true });
  return (
    <div className="space-y-3">
      <form action={action} className="flex items-end gap-2" aria-label="New API key">
        <div className="w-72">
          <AuthField label="Name" name="name" placeholder="CI on main" required />
        </div>
        <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
          Scope
          <select name="scope" defaultValue="full" className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm">
            <option value="full">Full (acts with your role)</option>
            <option value="ingest">Ingest only (OpenTelemetry export)</option>
          </select>
        </label>
        <Button type="submit" variant="primary" disabled={pending}>
          Create key
        </Button>
      </form>
      {state.key ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-medium text-amber-900">{state.message}</p>
          <code data-testid="new-api-key" className="mt-2 block rounded bg-white px-2 py-1 font-mono text-xs break-all select-all">
            {state.key}
          </code>
          <p className="mt-2 text-xs text-amber-900">
            Send it as <code>Authorization: Bearer &lt;key&gt;</code> to /api/v1 (a full key) or /api/otel/v1 (an ingest key: nothing else).
          </p>
        </div>
      ) : (
        <FormMessage state={state} />
      )}
    </div>
  );
}

export function DeleteApiKeyButton({ id, name }: { id: string; name: string }) {
  const [state, action] = useActionState<ApiKeyActionState, FormData>(deleteApiKeyAction, { ok: true });
  return (
    <form action={action}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" className="text-rose-700" aria-label={`Delete key ${name}`}>
        Delete
      </Button>
      {!state.ok ? <FormMessage state={state} /> : null}
    </form>
  );
}

/** An admin's revoke of another user's key. */
export function RevokeApiKeyButton({ id, name, owner }: { id: string; name: string; owner: string }) {
  const [state, action] = useActionState<ApiKeyActionState, FormData>(revokeAnyApiKeyAction, { ok: true });
  return (
    <form action={action} onSubmit={(e) => (confirm(`Revoke ${owner}'s key ${name}? Scripts using it stop working at once.`) ? undefined : e.preventDefault())}>
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="ghost" className="text-rose-700" aria-label={`Revoke key ${name} of ${owner}`}>
        Revoke
      </Button>
      {!state.ok ? <FormMessage state={state} /> : null}
    </form>
  );
}
