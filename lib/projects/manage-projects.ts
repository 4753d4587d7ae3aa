import { z } from 'zod';
import { recordAudit } from '../auth/audit';
import { roleInProject } from '../auth/project-access';
import type { Db } from '../db/db-types';
import { findProjectBySlug, listAllProjects } from '../db/queries/projects/get-project';
import { getMovableDataset, listTakenVersions, moveDatasetRows } from '../db/queries/projects/move-dataset';
import { countProjectAdmins, getMemberRole, removeProjectMember, saveProjectMember } from '../db/queries/projects/project-members';
import { insertProject, renameProject } from '../db/queries/projects/save-project';
import { findUserIdByEmail } from '../db/queries/users/get-user';
import { isUniqueViolation } from '../db/unique-violation';
import { AppError } from '../errors';
import { actorOfPrincipal, type Actor, type Principal } from '../identity/principal';
import { DEFAULT_PROJECT_ID, PROJECT_SLUG_PATTERN, type ProjectRef } from '../identity/project';
import { ROLES, type Role } from '../identity/roles';

/*
 * Projects and their members: instance admins make projects; a project's admins (and instance
 * admins) give its roles; admins of both projects move a dataset between them.
 */

export const newProjectSchema = z.object({
  name: z.string().trim().min(1, 'Give the project a name').max(80, 'Keep the name under 80 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(PROJECT_SLUG_PATTERN, 'Use 2 to 40 lowercase letters, digits and single dashes, starting with a letter (it is the /p/<slug> of its URLs)'),
});

const badInput = (error: z.ZodError) => {
  const issue = error.issues[0];
  return new AppError('BAD_INPUT', `${String(issue.path[0] ?? 'project')}: ${issue.message}`, { field: String(issue.path[0] ?? 'project') });
};

/** A new project (instance admins); its slug must be free. */
export async function createProject(db: Db, actor: Actor, input: unknown): Promise<ProjectRef> {
  if (!actor.instanceAdmin) throw new AppError('FORBIDDEN', `Only an admin of the instance makes projects; ${actor.email} is not one`);
  const parsed = newProjectSchema.safeParse(input);
  if (!parsed.success) throw badInput(parsed.error);
  try {
    const project = await insertProject(db, parsed.data);
    await recordAudit(db, actor, 'project.create', project.id, `${project.name} (/p/${project.slug})`);
    return project;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `slug: the project "${parsed.data.slug}" exists already: pick another slug`, { field: 'slug' });
    throw error;
  }
}

/** Renames a project (its admins); the slug, part of every link, stays. */
export async function renameProjectAs(db: Db, principal: Principal, name: unknown): Promise<void> {
  if (principal.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin of the project "${principal.project.name}" renames it`);
  const parsed = newProjectSchema.shape.name.safeParse(name);
  if (!parsed.success) throw badInput(parsed.error);
  await renameProject(db, principal.project.id, parsed.data);
  await recordAudit(db, principal, 'project.rename', principal.project.id, `${principal.project.name} → ${parsed.data}`);
}

const roleSchema = z.enum(ROLES, 'Pick viewer, editor or admin');

function assertProjectAdmin(principal: Principal): void {
  if (principal.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin of the project "${principal.project.name}" gives its roles; ${principal.email} is ${principal.role === 'editor' ? 'an' : 'a'} ${principal.role} there`);
}

/** Gives a user (by email) a role in the principal's project, or changes it. */
export async function setProjectMember(db: Db, principal: Principal, input: { email: unknown; role: unknown }): Promise<{ userId: string; role: Role }> {
  assertProjectAdmin(principal);
  const email = z.email('Enter the email of a user of this server').trim().toLowerCase().safeParse(input.email);
  if (!email.success) throw new AppError('BAD_INPUT', `email: ${email.error.issues[0].message}`, { field: 'email' });
  const role = roleSchema.safeParse(input.role);
  if (!role.success) throw new AppError('BAD_INPUT', `role: ${role.error.issues[0].message}`, { field: 'role' });
  const user = await findUserIdByEmail(db, email.data);
  if (!user) throw new AppError('NOT_FOUND', `email: no user ${email.data} on this server: an instance admin adds users on the Users page first`, { field: 'email' });
  const before = await getMemberRole(db, principal.project.id, user.id);
  if (before === 'admin' && role.data !== 'admin' && (await countProjectAdmins(db, principal.project.id)) <= 1 && principal.project.id !== DEFAULT_PROJECT_ID) {
    // Instance admins can always manage it; still, a project keeps an admin of its own where it had one.
    throw new AppError('CONFLICT', `role: ${email.data} is the last admin of the project "${principal.project.name}": make another member an admin first`, { field: 'role' });
  }
  await saveProjectMember(db, principal.project.id, user.id, role.data);
  await recordAudit(db, principal, 'project.member', user.id, `${email.data}: ${before ?? 'no role'} → ${role.data}`);
  return { userId: user.id, role: role.data };
}

/** Takes a user out of the principal's project; the user's keys of the project stop working with it (deleted in the same transaction). */
export async function removeMember(db: Db, principal: Principal, userId: string): Promise<{ keysDeleted: number }> {
  assertProjectAdmin(principal);
  const before = await getMemberRole(db, principal.project.id, userId);
  if (before === null) throw new AppError('NOT_FOUND', `That user is not a member of the project "${principal.project.name}"`);
  if (before === 'admin' && (await countProjectAdmins(db, principal.project.id)) <= 1 && principal.project.id !== DEFAULT_PROJECT_ID) {
    throw new AppError('CONFLICT', `That user is the last admin of the project "${principal.project.name}": make another member an admin first`);
  }
  const keysDeleted = (await removeProjectMember(db, principal.project.id, userId)) ?? 0;
  await recordAudit(db, principal, 'project.member.remove', userId, `was ${before}${keysDeleted ? `; ${keysDeleted} API key(s) deleted` : ''}`);
  return { keysDeleted };
}

/** The projects a dataset of the principal's project may move to: every other one the actor is an admin of. */
export async function moveTargets(db: Db, principal: Principal): Promise<ProjectRef[]> {
  if (principal.role !== 'admin') return [];
  const out: ProjectRef[] = [];
  for (const project of await listAllProjects(db)) {
    if (project.id === principal.project.id) continue;
    if ((await roleInProject(db, actorOfPrincipal(principal), project)) === 'admin') out.push(project);
  }
  return out;
}

/**
 * Moves a dataset of the principal's project with its runs (and the replays that read it) to the
 * project `toSlug`: for admins of both. A live dataset stays with its senders and its rules; an
 * alias version the other project has already is a CONFLICT. Nothing moves unless all of it does.
 */
export async function moveDataset(db: Db, principal: Principal, datasetId: string, toSlug: unknown): Promise<{ project: ProjectRef; runs: number }> {
  if (principal.role !== 'admin') throw new AppError('FORBIDDEN', `Moving a dataset needs the admin role in the project "${principal.project.name}" (and in the project it goes to)`);
  const to = typeof toSlug === 'string' ? await findProjectBySlug(db, toSlug.trim()) : null;
  const role = to ? await roleInProject(db, actorOfPrincipal(principal), to) : null;
  if (!to || role === null) throw new AppError('NOT_FOUND', `project: no project "${String(toSlug).slice(0, 60)}" (or you are not a member of it)`, { field: 'project' });
  if (role !== 'admin') throw new AppError('FORBIDDEN', `project: moving a dataset needs the admin role in the project "${to.name}" too; ${principal.email} is ${role === 'editor' ? 'an' : 'a'} ${role} there`, { field: 'project' });
  if (to.id === principal.project.id) throw new AppError('BAD_INPUT', `project: the dataset is in "${to.name}" already`, { field: 'project' });
  const dataset = await getMovableDataset(db, principal.project.id, datasetId);
  if (!dataset) throw new AppError('NOT_FOUND', `No dataset with id ${datasetId.slice(0, 100)}`);
  if (dataset.live) throw new AppError('BAD_INPUT', `${dataset.name} is fed by live traffic or an online rule of this project: it stays here (snapshot it, then move the snapshot)`);
  const taken = await listTakenVersions(db, to.id, dataset.versions);
  if (taken.length) throw new AppError('CONFLICT', `The project "${to.name}" has ${taken.join(', ')} already: a moved dataset may not take a version name it uses (nothing was moved)`);
  const { runs } = await moveDatasetRows(db, principal.project.id, to.id, dataset.id);
  await recordAudit(db, principal, 'dataset.move', dataset.id, `${dataset.name} → ${to.name} (/p/${to.slug}) with ${runs} run(s)`);
  return { project: to, runs };
}
