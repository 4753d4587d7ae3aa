import type { Db } from '../../db-types';
import type { ProjectRef } from '../../../identity/project';

const PROJECT_REF = { id: true, slug: true, name: true } as const;

/** The project with this slug, or null. */
export const findProjectBySlug = (db: Db, slug: string): Promise<ProjectRef | null> => db.project.findUnique({ where: { slug }, select: PROJECT_REF });

/** The project with this id, or null. */
export const findProjectById = (db: Db, id: string): Promise<ProjectRef | null> => db.project.findUnique({ where: { id }, select: PROJECT_REF });

/** Every project, by name (instance admins see them all: the switcher, the projects page). */
export const listAllProjects = (db: Db): Promise<ProjectRef[]> => db.project.findMany({ orderBy: [{ name: 'asc' }, { slug: 'asc' }], select: PROJECT_REF });

/** The projects a user is a member of, by name, with the user's role in each. */
export async function listMemberProjects(db: Db, userId: string): Promise<(ProjectRef & { role: string })[]> {
  // across projects: a user's memberships, to list the projects the user may enter.
  const rows = await db.projectMember.findMany({ where: { userId }, select: { role: true, project: { select: PROJECT_REF } } });
  return rows.map((r) => ({ ...r.project, role: r.role })).sort((a, b) => a.name.localeCompare(b.name) || a.slug.localeCompare(b.slug));
}

/** How many projects there are (the switcher shows from two). */
export const countProjects = (db: Db): Promise<number> => db.project.count();

/** Every project with how many members and datasets it has (the projects page of instance admins). */
export async function listProjectsWithCounts(db: Db): Promise<(ProjectRef & { members: number; datasets: number; createdAt: Date })[]> {
  const rows = await db.project.findMany({
    orderBy: [{ name: 'asc' }, { slug: 'asc' }],
    select: { ...PROJECT_REF, createdAt: true, _count: { select: { members: true, datasets: true } } },
  });
  return rows.map(({ _count, ...p }) => ({ ...p, members: _count.members, datasets: _count.datasets }));
}
