'use client';

import { useActionState } from 'react';
import { AuthField } from '@/components/auth/auth-field';
import { Button } from '@/components/ui/button';
import { createUserAction, type UserActionState } from '@/lib/actions/users';
import { FormMessage } from './form-message';
import { RoleSelect } from './role-select';

export function NewUserForm() {
  const [state, action, pending] = useActionState<UserActionState, FormData>(createUserAction, { ok: true });
  const error = (field: string) => state.fieldErrors?.[field]?.[0];
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-5 sm:items-end" aria-label="Add a user">
      <AuthField label="Name" name="name" defaultValue={state.values?.name} required error={error('name')} />
      <AuthField label="Email" name="email" type="email" defaultValue={state.values?.email} required error={error('email')} />
      <AuthField label="Password" name="password" type="password" autoComplete="new-password" minLength={8} required error={error('password')} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Role</span>
        <RoleSelect key={state.values?.role} name="role" defaultValue={state.values?.role || 'viewer'} className="mt-1 block w-full" />
      </label>
      <Button type="submit" variant="primary" disabled={pending}>
        Add user
      </Button>
      <div className="sm:col-span-5">
        <FormMessage state={state} />
      </div>
    </form>
  );
}
