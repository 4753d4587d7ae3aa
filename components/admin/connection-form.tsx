'use client';

import { useActionState } from 'react';
import { AuthField } from '@/components/auth/auth-field';
import { Button } from '@/components/ui/button';
import { saveConnectionAction, type ConnectionActionState } from '@/lib/actions/connections';
import type { ConnectionInfo } from '@/lib/db/queries/connections/list-connections';
import { FormMessage } from './form-message';

/** A stored connection as the form edits it: never its key, only the last four characters. */
export type ConnectionFormValues = Omit<ConnectionInfo, 'updatedAt'>;

/** Adds a connection, or edits one (a blank key keeps the stored key). */
export function ConnectionForm({ connection }: { connection?: ConnectionFormValues }) {
  const [state, action, pending] = useActionState<ConnectionActionState, FormData>(saveConnectionAction, { ok: true });
  const error = (field: string) => state.fieldErrors?.[field]?.[0];
  return (
    <form action={action} className="space-y-3" aria-label={connection ? `Edit ${connection.name}` : 'Add a judge connection'}>
      {connection ? <input type="hidden" name="id" value={connection.id} /> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <AuthField label="Name" name="name" defaultValue={connection?.name} placeholder="local-vllm" required error={error('name')} />
        <AuthField label="Base URL" name="baseUrl" defaultValue={connection?.baseUrl} placeholder="https://api.example.com/v1" required error={error('baseUrl')} />
        <AuthField
          label={connection?.keyLastFour ? `API key (stored: …${connection.keyLastFour}; blank keeps it, unless the base URL changes)` : 'API key (blank: none needed)'}
          name="apiKey"
          type="password"
          autoComplete="off"
          error={error('apiKey')}
        />
        <label className="block text-sm">
          <span className="font-medium text-slate-700">Models (one per line or comma-separated; the first is the default)</span>
          <textarea
            name="models"
            defaultValue={connection?.models.join('\n')}
            rows={2}
            required
            className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-1.5 font-mono text-xs shadow-sm"
          />
          {error('models') ? <span className="mt-1 block text-xs text-rose-700">{error('models')}</span> : null}
        </label>
        <AuthField
          label="Requests a minute (optional: the provider's limit for this key)"
          name="rpm"
          inputMode="numeric"
          defaultValue={connection?.rpm ?? undefined}
          error={error('rpm')}
        />
        <AuthField
          label="Tokens a minute (optional)"
          name="tpm"
          inputMode="numeric"
          defaultValue={connection?.tpm ?? undefined}
          error={error('tpm')}
        />
      </div>
      <div className="flex items-center gap-3">
        <Button type="submit" variant="primary" disabled={pending}>
          {connection ? 'Save' : 'Add connection'}
        </Button>
        {connection?.keyLastFour ? (
          <label className="flex items-center gap-1 text-sm text-slate-600">
            <input type="checkbox" name="clearKey" /> Remove the stored key
          </label>
        ) : null}
        <FormMessage state={state} />
      </div>
    </form>
  );
}
