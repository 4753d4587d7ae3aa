'use client';

import { useActionState } from 'react';
import { Button } from '@/components/ui/button';
import { deleteUserAction, setPasswordAction, setRoleAction, type UserActionState } from '@/lib/actions/users';
import { FormMessage } from './form-message';
import { RoleSelect } from './role-select';

/** Role, password and delete for one user row. */
export function UserRowActions({ user, self }: { user: { id: string; email: string; role: string }; self: boolean }) {
  const [roleState, roleAction] = useActionState<UserActionState, FormData>(setRoleAction, { ok: true });
  const [pwState, pwAction] = useActionState<UserActionState, FormData>(setPasswordAction, { ok: true });
  const [delState, delAction] = useActionState<UserActionState, FormData>(deleteUserAction, { ok: true });
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <form action={roleAction} className="flex items-center gap-1">
          <input type="hidden" name="id" value={user.id} />
          <RoleSelect name="role" defaultValue={user.role} aria-label={`Role of ${user.email}`} />
          <Button type="submit">Set role</Button>
        </form>
        <form
          action={pwAction}
          className="flex items-center gap-1"
          onSubmit={(e) => (confirm(`Set a new password for ${user.email}? They are signed out everywhere and their API keys stop working.`) ? undefined : e.preventDefault())}
        >
          <input type="hidden" name="id" value={user.id} />
          <input name="password" type="password" placeholder="New password" minLength={8} aria-label={`New password for ${user.email}`} autoComplete="new-password" className="w-36 rounded-md border border-slate-300 px-2 py-1.5 text-sm" />
          <Button type="submit">Set password</Button>
        </form>
        {self ? null : (
          <form action={delAction} onSubmit={(e) => (confirm(`Delete ${user.email}? Their datasets and runs stay.`) ? undefined : e.preventDefault())}>
            <input type="hidden" name="id" value={user.id} />
            <Button type="submit" variant="ghost" className="text-rose-700">
              Delete
            </Button>
          </form>
        )}
      </div>
      <FormMessage state={roleState} />
      <FormMessage state={pwState} />
      <FormMessage state={delState} />
    </div>
  );
}
