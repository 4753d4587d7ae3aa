import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { cache } from 'react';
import { AppError, isAppError } from '../errors';
import { assertRole, authenticate } from './authenticate';
import type { Principal } from '../identity/principal';
import { hasRole, type Role } from '../identity/roles';

/** Who is viewing this page or calling this action (once per request); null when signed out. */
export const currentPrincipal = cache(async (): Promise<Principal | null> => authenticate(await headers()));

/**
 * A page's check, before it reads anything: signed out goes to sign-in, a role below `needed`
 * to the page that says which role it needs.
 */
export async function requirePage(needed: Role = 'viewer'): Promise<Principal> {
  const principal = await currentPrincipal();
  if (!principal) redirect('/sign-in');
  if (!hasRole(principal.role, needed)) redirect(`/denied?needs=${needed}`);
  return principal;
}

export type Refusal = { ok: false; message: string };

/** A server action's check, before it reads its input: the principal, or the result to return. */
export async function actionPrincipal(needed: Role): Promise<{ ok: true; principal: Principal } | { ok: false; refusal: Refusal }> {
  try {
    return { ok: true, principal: assertRole(await currentPrincipal(), needed) };
  } catch (error) {
    if (isAppError(error)) return { ok: false, refusal: { ok: false, message: error.message } };
    throw error;
  }
}

/** For lib code behind a page: refuses when the principal may not. */
export function forbid(message: string): never {
  throw new AppError('FORBIDDEN', message);
}
