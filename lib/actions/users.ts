'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import { ROLES } from '../identity/roles';
import { instanceAdminAction } from '../auth/session';
import { createPasswordUser, deleteUser, newUserSchema, setUserPassword, setUserRole } from '../auth/users';
import { getDb } from '../db/client';
import { isAppError } from '../errors';

export interface UserActionState {
  ok: boolean;
  fieldErrors?: Record<string, string[]>;
  message?: string;
  /** What was typed (not the password), shown again after a refusal: React resets the form. */
  values?: Record<string, string>;
}

function failure(error: unknown): UserActionState {
  if (isAppError(error) && error.code !== 'INTERNAL') {
    const field = typeof error.details?.field === 'string' ? error.details.field : null;
    return { ok: false, message: error.message, ...(field ? { fieldErrors: { [field]: [error.message] } } : {}) };
  }
  console.error(error);
  return { ok: false, message: 'Something went wrong on the server; see its log.' };
}

/** Form action (admin): a new user with a password and a role. */
export async function createUserAction(_prev: UserActionState, formData: FormData): Promise<UserActionState> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  const parsed = newUserSchema.safeParse(Object.fromEntries(['email', 'name', 'password', 'role'].map((k) => [k, formData.get(k) ?? ''])));
  const values = Object.fromEntries(['email', 'name', 'role'].map((k) => [k, String(formData.get(k) ?? '')]));
  if (!parsed.success) return { ok: false, values, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: 'Check the highlighted fields.' };
  try {
    const { id } = await createPasswordUser(getDb(), parsed.data);
    await recordAudit(getDb(), who.actor, 'user.create', id, `${parsed.data.email} as ${parsed.data.role}`);
  } catch (error) {
    return { ...failure(error), values };
  }
  revalidatePath('/admin/users');
  return { ok: true, message: `Added ${parsed.data.email}.` };
}

const roleSchema = z.object({ id: z.string().min(1).max(100), role: z.enum(ROLES) });

/** Form action (admin): changes a user's role; the last admin stays an admin. */
export async function setRoleAction(_prev: UserActionState, formData: FormData): Promise<UserActionState> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  const parsed = roleSchema.safeParse({ id: formData.get('id'), role: formData.get('role') });
  if (!parsed.success) return { ok: false, message: 'Pick viewer, editor or admin.' };
  try {
    const { email, from } = await setUserRole(getDb(), parsed.data.id, parsed.data.role);
    await recordAudit(getDb(), who.actor, 'user.role', parsed.data.id, `${email}: ${from} → ${parsed.data.role}`);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/admin/users');
  return { ok: true, message: 'Role changed.' };
}

const passwordSchema = z.object({ id: z.string().min(1).max(100), password: newUserSchema.shape.password });

/** Form action (admin): sets a user's password, signs the user out everywhere and revokes the user's API keys. */
export async function setPasswordAction(_prev: UserActionState, formData: FormData): Promise<UserActionState> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  const parsed = passwordSchema.safeParse({ id: formData.get('id'), password: formData.get('password') ?? '' });
  if (!parsed.success) return { ok: false, fieldErrors: z.flattenError(parsed.error).fieldErrors, message: parsed.error.issues[0].message };
  let revokedKeys: number;
  try {
    ({ revokedKeys } = await setUserPassword(getDb(), parsed.data.id, parsed.data.password));
    await recordAudit(getDb(), who.actor, 'user.password', parsed.data.id, `signed out everywhere; ${revokedKeys} API key${revokedKeys === 1 ? '' : 's'} revoked`);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/settings/api-keys');
  const keys = revokedKeys === 0 ? 'they had no API keys' : `their ${revokedKeys} API key${revokedKeys === 1 ? ' was' : 's were'} revoked`;
  return { ok: true, message: `Password set; that user was signed out everywhere and ${keys}.` };
}

/** Form action (admin): deletes a user (their datasets and runs stay, without an owner). */
export async function deleteUserAction(_prev: UserActionState, formData: FormData): Promise<UserActionState> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No user given.' };
  if (id.data === who.actor.id) return { ok: false, message: 'You cannot delete yourself.' };
  try {
    const { email } = await deleteUser(getDb(), id.data);
    await recordAudit(getDb(), who.actor, 'user.delete', id.data, email);
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/admin/users');
  return { ok: true, message: 'User deleted.' };
}
