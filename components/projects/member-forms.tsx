'use client';

import { useActionState } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { RoleSelect } from '@/components/admin/role-select';
import { AuthField } from '@/components/auth/auth-field';
import { Button } from '@/components/ui/button';
import { removeMemberAction, renameProjectAction, setMemberAction, type ProjectActionState } from '@/lib/actions/projects';

/** Gives a user of the server a role in this project (or changes it). */
export function AddMemberForm() {
  const [state, action, pending] = useActionState<ProjectActionState, FormData>(setMemberAction, { ok: true });
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-3 sm:items-end" aria-label="Add a member">
      <AuthField label="Email of a user" name="email" type="email" defaultValue={state.values?.email} required error={state.fieldErrors?.email?.[0]} />
      <label className="block text-sm">
        <span className="font-medium text-slate-700">Role</span>
        <RoleSelect inProject key={state.values?.role} name="role" defaultValue={state.values?.role || 'viewer'} className="mt-1 block w-full" />
      </label>
      <Button type="submit" variant="primary" disabled={pending}>
        Add member
      </Button>
      <div className="sm:col-span-3">
        <FormMessage state={state} />
      </div>
    </form>
  );
}

/** A member's role, and taking them out of the project (their keys of it stop working). */
export function MemberRowActions({ member }: { member: { userId: string; email: string; role: string } }) {
  const [roleState, roleAction] = useActionState<ProjectActionState, FormData>(setMemberAction, { ok: true });
  const [removeState, removeAction, removing] = useActionState<ProjectActionState, FormData>(removeMemberAction, { ok: true });
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-2">
        <form action={roleAction} className="flex items-center gap-1">
          <input type="hidden" name="email" value={member.email} />
          <RoleSelect inProject name="role" defaultValue={member.role} aria-label={`Role of ${member.email} in this project`} />
          <Button type="submit">Set role</Button>
        </form>
        <form
          action={removeAction}
          onSubmit={(e) => (confirm(`Take ${member.email} out of this project? Their API keys of it stop working.`) ? undefined : e.preventDefault())}
        >
          <input type="hidden" name="userId" value={member.userId} />
          <Button type="submit" variant="ghost" className="text-rose-700" disabled={removing} aria-label={`Remove ${member.email} from this project`}>
            Remove
          </Button>
        </form>
      </div>
      <FormMessage state={roleState} />
      <FormMessage state={removeState} />
    </div>
  );
}

/** The project's name (its slug, in every link, stays). */
export function RenameProjectForm({ name }: { name: string }) {
  const [state, action, pending] = useActionState<ProjectActionState, FormData>(renameProjectAction, { ok: true });
  return (
    <form action={action} className="flex flex-wrap items-end gap-2" aria-label="Rename the project">
      <AuthField label="Name" name="name" defaultValue={name} required error={state.ok ? undefined : state.message} />
      <Button type="submit" disabled={pending}>
        Rename
      </Button>
      <FormMessage state={state.ok ? state : { ok: true }} />
    </form>
  );
}
