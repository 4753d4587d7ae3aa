'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { getAuth } from '../auth/auth';
import { authEnabled } from '../auth/auth-env';
import { countUsers, createPasswordUser, newUserSchema } from '../auth/users';
import { getDb } from '../db/client';
import { isAppError } from '../errors';

export interface SetupState {
  ok: boolean;
  fieldErrors?: Record<string, string[]>;
  message?: string;
  /** What was typed (not the password), shown again after a refusal: React resets the form. */
  values?: { name: string; email: string };
}

const setupSchema = newUserSchema.omit({ role: true });

/** Form action of the set-up page: on an empty database only, creates the first admin and signs it in (the session cookie is set on this response). */
export async function createFirstAdminAction(_prev: SetupState, formData: FormData): Promise<SetupState> {
  if (!authEnabled() || (await countUsers(getDb())) > 0) return { ok: false, message: 'This server has its admin already: sign in instead.' };
  const parsed = setupSchema.safeParse({ email: formData.get('email') ?? '', name: formData.get('name') ?? '', password: formData.get('password') ?? '' });
  const values = { name: String(formData.get('name') ?? ''), email: String(formData.get('email') ?? '') };
  if (!parsed.success) return { ok: false, values, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.' };
  try {
    await createPasswordUser(getDb(), { ...parsed.data, role: 'admin' });
    await getAuth().api.signInEmail({ body: { email: parsed.data.email, password: parsed.data.password }, headers: await headers() });
  } catch (error) {
    if (isAppError(error)) return { ok: false, values, message: error.message };
    console.error(error);
    return { ok: false, message: 'Something went wrong on the server; see its log.' };
  }
  // Straight to the overview in this response: setting the session cookie here clears the router's
  // cache of signed-out redirects, and no page between (the sign-in form) flashes by.
  redirect('/');
}
