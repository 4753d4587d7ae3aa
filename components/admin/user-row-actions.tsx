'use client';

import { useActionState, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { deleteUserAction, setPasswordAction, setRoleAction, type UserActionState } from '@/lib/actions/users';
import { FormMessage } from './form-message';
import { RoleSelect } from './role-select';

/** Role, password and delete for one user row. */
export function UserRowActions({ user, self }: { user: { id: string; email: string; role: string }; self: boolean }) {
  const [roleState, roleAction] = useActionState<UserActionState, FormData>(setRoleAction, { ok: true });
  const [pwState, pwAction] = useActionState<UserActionState, FormData>(setPasswordAction, { ok: true });
  const [delState, delAction, deleting] = useActionState<UserActionState, FormData>(deleteUserAction, { ok: true });
  const [confirming, setConfirming] = useState(false);
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
          <Button variant="ghost" className="text-rose-700" aria-label={`Delete ${user.email}`} onClick={() => setConfirming(true)}>
            Delete
          </Button>
        )}
      </div>
      <ConfirmDialog open={confirming && delState.ok !== false} onClose={() => setConfirming(false)} title={`Delete ${user.email}?`}>
        <p className="text-sm text-slate-700">Their datasets and runs stay; they can no longer sign in.</p>
        <form action={delAction} className="flex justify-end gap-2">
          <input type="hidden" name="id" value={user.id} />
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep them
          </Button>
          <Button type="submit" variant="danger" disabled={deleting}>
            {deleting ? 'Deleting…' : 'Delete user'}
          </Button>
        </form>
      </ConfirmDialog>
      <FormMessage state={roleState} />
      <FormMessage state={pwState} />
      <FormMessage state={delState} />
    </div>
  );
}
