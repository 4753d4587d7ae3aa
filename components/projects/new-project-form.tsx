'use client';

import { useActionState, useEffect } from 'react';
import { FormMessage } from '@/components/admin/form-message';
import { AuthField } from '@/components/auth/auth-field';
import { Button } from '@/components/ui/button';
import { createProjectAction, type ProjectActionState } from '@/lib/actions/projects';

/** Makes a project (instance admins); its settings page opens next, to give it members. */
export function NewProjectForm() {
  const [state, action, pending] = useActionState<ProjectActionState, FormData>(createProjectAction, { ok: true });
  // A page of another project: a full load, so the page is told its project by its URL.
  useEffect(() => {
    if (state.location) window.location.assign(state.location);
  }, [state.location]);
  const error = (field: string) => state.fieldErrors?.[field]?.[0];
  return (
    <form action={action} className="grid gap-3 sm:grid-cols-3 sm:items-end" aria-label="Add a project">
      <AuthField label="Name" name="name" defaultValue={state.values?.name} required error={error('name')} />
      <AuthField label="Slug (its URLs: /p/slug)" name="slug" defaultValue={state.values?.slug} required pattern="[a-z][a-z0-9-]{1,39}" error={error('slug')} />
      <Button type="submit" variant="primary" disabled={pending}>
        Add project
      </Button>
      <div className="sm:col-span-3">
        <FormMessage state={state} />
      </div>
    </form>
  );
}
