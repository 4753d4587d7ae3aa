import type { Db } from '../db/db-types';
import { findProjectById, findProjectBySlug, listAllProjects, listMemberProjects } from '../db/queries/projects/get-project';
import { getMemberRole } from '../db/queries/projects/project-members';
import { AppError } from '../errors';
import { memberRole, principalOf, type Actor, type Principal } from '../identity/principal';
import { DEFAULT_PROJECT_SLUG, type ProjectRef } from '../identity/project';
import type { Role } from '../identity/roles';

/*
 * The one place that decides in which project a request acts and with which role: every
 * boundary (withApi, withIngest, withDeepeval, the pages' and actions' session) authenticates an
 * actor, then asks here. Everything after works on the principal's project.id.
 */

/**
 * The actor's role in `project`, or null when it has none there: instance admins (and sign-in
 * off) are admins of every project; a key opens its own project alone, with its owner's role
 * there (the service key: an editor); a signed-in user has the role of the membership.
 */
export async function roleInProject(db: Db, actor: Actor, project: ProjectRef): Promise<Role | null> {
  if (actor.keyProjectId !== null && actor.keyProjectId !== project.id) return null;
  if (actor.instanceAdmin) return 'admin';
  if (actor.via === 'service-key') return 'editor';
  if (actor.via === 'auth-off') return 'admin';
  const stored = await getMemberRole(db, project.id, actor.id);
  return stored === null ? null : memberRole(stored);
}

const noProject = (slug: string) => new AppError('NOT_FOUND', `No project "${slug.slice(0, 60)}" (or you are not a member of it)`, { field: 'project' });

/**
 * The principal of a request of `actor` in the project `slug` names; with no slug, the project a
 * key opens, else "default". A project the actor may not enter is not found (a non-member learns
 * nothing of it); a key sent to another project than its own is refused; a key whose owner is no
 * longer a member of its project opens nothing.
 */
export async function resolvePrincipal(db: Db, actor: Actor, slug: string | null): Promise<Principal> {
  let project: ProjectRef | null;
  if (actor.keyProjectId !== null) {
    project = await findProjectById(db, actor.keyProjectId);
    if (!project) throw new AppError('UNAUTHORIZED', 'The API key is not valid: its project no longer exists');
    if (slug !== null && slug !== project.slug) {
      throw new AppError('FORBIDDEN', `This key belongs to the project "${project.slug}": it opens no other`, { field: 'project' });
    }
  } else {
    project = await findProjectBySlug(db, slug ?? DEFAULT_PROJECT_SLUG);
    if (!project) throw noProject(slug ?? DEFAULT_PROJECT_SLUG);
  }
  const role = await roleInProject(db, actor, project);
  if (role === null) {
    if (actor.via === 'api-key') throw new AppError('UNAUTHORIZED', `The API key is not valid: its owner is no longer a member of the project "${project.slug}"`);
    throw noProject(project.slug);
  }
  return principalOf(actor, project, role);
}

/** The projects an actor may enter, by name, with its role in each (the switcher). */
export async function listActorProjects(db: Db, actor: Actor): Promise<(ProjectRef & { role: Role })[]> {
  if (actor.keyProjectId !== null) {
    const project = await findProjectById(db, actor.keyProjectId);
    const role = project ? await roleInProject(db, actor, project) : null;
    return project && role ? [{ ...project, role }] : [];
  }
  if (actor.instanceAdmin || actor.via === 'auth-off') return (await listAllProjects(db)).map((p) => ({ ...p, role: 'admin' as const }));
  return (await listMemberProjects(db, actor.id)).map((p) => ({ ...p, role: memberRole(p.role) }));
}
