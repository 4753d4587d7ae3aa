'use client';

import { useActionState } from 'react';
import { createFirstAdminAction, type SetupState } from '@/lib/actions/setup';
import { Button } from '@/components/ui/button';
import { AuthField } from './auth-field';

export function SetupForm() {
  const [state, action, pending] = useActionState<SetupState, FormData>(createFirstAdminAction, { ok: true });
  const error = (field: string) => state.fieldErrors?.[field]?.[0];
  return (
    <form action={action} className="space-y-4" aria-label="Create the admin account">
      <AuthField label="Name" name="name" autoComplete="name" defaultValue={state.values?.name} required error={error('name')} />
      <AuthField label="Email" name="email" type="email" autoComplete="username" defaultValue={state.values?.email} required error={error('email')} />
      <AuthField label="Password" name="password" type="password" autoComplete="new-password" minLength={8} required error={error('password')} />
      {!state.ok && state.message ? (
        <p role="alert" className="rounded-md bg-rose-50 px-3 py-2 text-sm text-rose-700">
          {state.message}
        </p>
      ) : null}
      <Button type="submit" variant="primary" className="w-full" disabled={pending}>
        {pending ? 'Creating…' : 'Create admin and sign in'}
      </Button>
    </form>
  );
}
