import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '../db/client';
import { AppError, isAppError } from '../errors';
import { actAs } from '../identity/acting-principal';
import type { Actor, Principal } from '../identity/principal';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { hasRole, type Role } from '../identity/roles';
import { PROJECT_HEADER, projectPath } from '../nav/project-path';
import { assertRole, authenticate } from './authenticate';
import { listActorProjects, resolvePrincipal } from './project-access';

/** Who is viewing this page or calling this action (once per request); null when signed out. */
export const currentActor = cache(async (): Promise<Actor | null> => authenticate(await headers()));

/** The viewer's principal in the project `slug` names (once per request and slug); the errors of resolvePrincipal. */
const principalIn = cache(async (slug: string): Promise<Principal | null> => {
  const actor = await currentActor();
  return actor ? resolvePrincipal(getDb(), actor, slug) : null;
});

/** The projects the viewer may enter (the switcher), once per request. */
export const currentProjects = cache(async () => {
  const actor = await currentActor();
  return actor ? listActorProjects(getDb(), actor) : [];
});

/**
 * A project page's check, before it reads anything: signed out goes to sign-in; a project the
 * viewer is no member of is not found (the short URLs of "default", for a user who is not in it,
 * open the first project the user is in); a role below `needed` there goes to the page that says
 * which role it needs.
 */
export async function requireProjectPage(slug: string, needed: Role = 'viewer'): Promise<Principal> {
  const actor = await currentActor();
  if (!actor) redirect('/sign-in');
  let principal: Principal | null;
  try {
    principal = await principalIn(slug);
  } catch (error) {
    if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
    if (slug === DEFAULT_PROJECT_SLUG) {
      const [first] = await currentProjects();
      if (first) redirect(projectPath(first.slug, '/'));
    }
    notFound();
  }
  if (!principal) redirect('/sign-in');
  if (!hasRole(principal.role, needed)) redirect(`/denied?needs=${needed}&project=${encodeURIComponent(principal.project.slug)}`);
  return principal;
}

/** The slug of the project of this page request: the proxy names it from the URL (/p/<slug>/…, else "default"). */
export async function pageProjectSlug(): Promise<string> {
  return (await headers()).get(PROJECT_HEADER) ?? DEFAULT_PROJECT_SLUG;
}

/** A project page's check in the project of its URL (requireProjectPage). */
export async function requirePage(needed: Role = 'viewer'): Promise<Principal> {
  return requireProjectPage(await pageProjectSlug(), needed);
}

/** The id of the project of this page's URL, for a panel of a page that checked the viewer already (cached: no second look-up). */
export async function pageProjectId(): Promise<string> {
  return (await requirePage()).project.id;
}

/** The viewer in the project of this page's URL, or null when signed out or no member there (the header's menu). */
export async function currentPagePrincipal(): Promise<Principal | null> {
  try {
    return await principalIn(await pageProjectSlug());
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
}

/** An instance page's check (users, projects, audit, personal data patterns): instance admins only. */
export async function requireInstanceAdminPage(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect('/sign-in');
  if (!actor.instanceAdmin) redirect('/denied?needs=admin');
  return actor;
}

/** A page of no project that anyone signed in may open (the denied page): the viewer, or sign-in. */
export async function requireSignedInPage(): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect('/sign-in');
  return actor;
}

export type Refusal = { ok: false; message: string };

/**
 * A server action's check, before it reads its input: the principal in the project of the page
 * the action was posted from (the proxy names it in PROJECT_HEADER), or the result to return.
 * The request then acts as that principal (the owner a new row records).
 */
export async function actionPrincipal(needed: Role): Promise<{ ok: true; principal: Principal } | { ok: false; refusal: Refusal }> {
  try {
    const slug = (await headers()).get(PROJECT_HEADER);
    if (!slug) throw new AppError('BAD_INPUT', 'This action belongs to a project page: post it from one');
    const actor = await currentActor();
    if (!actor) throw new AppError('UNAUTHORIZED', 'Sign in first: this needs a session or an API key');
    const principal = assertRole(await resolvePrincipal(getDb(), actor, slug), needed);
    actAs(principal);
    return { ok: true, principal };
  } catch (error) {
    if (isAppError(error)) return { ok: false, refusal: { ok: false, message: error.message } };
    throw error;
  }
}

/** An instance action's check (users, projects, personal data patterns): an instance admin, or the result to return. */
export async function instanceAdminAction(): Promise<{ ok: true; actor: Actor } | { ok: false; refusal: Refusal }> {
  const actor = await currentActor();
  if (!actor) return { ok: false, refusal: { ok: false, message: 'Sign in first: this needs a session or an API key' } };
  if (!actor.instanceAdmin) return { ok: false, refusal: { ok: false, message: `This needs an instance admin; ${actor.email} is not one` } };
  return { ok: true, actor };
}

/** For lib code behind a page: refuses when the principal may not. */
export function forbid(message: string): never {
  throw new AppError('FORBIDDEN', message);
}
