'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { actionPrincipal, instanceAdminAction } from '../auth/session';
import { getDb } from '../db/client';
import { projectPath } from '../nav/project-path';
import { failure, type ActionResult } from './action-result';
import { createProject, moveDataset, removeMember, renameProjectAs, setProjectMember } from '../projects/manage-projects';

/** An action's result (action-result.ts), with what was typed to show again after a refusal, and a page of another project to open next. */
export interface ProjectActionState extends ActionResult {
  /** What was typed, shown again after a refusal: React resets the form. */
  values?: Record<string, string>;
  /**
   * A page of another project to open next. Not a redirect(): Next renders the page a server
   * action redirects to within the action's request, which names the project it was posted from.
   */
  location?: string;
}

const refused = (error: unknown, values?: Record<string, string>): ProjectActionState => ({ ...failure(error), ...(values ? { values } : {}) });

const text = (formData: FormData, name: string) => String(formData.get(name) ?? '').slice(0, 200);

/** Form action (instance admins): a new project; opens its settings to give it members. */
export async function createProjectAction(_prev: ProjectActionState, formData: FormData): Promise<ProjectActionState> {
  const who = await instanceAdminAction();
  if (!who.ok) return who.refusal;
  const values = { name: text(formData, 'name'), slug: text(formData, 'slug') };
  try {
    const { slug, name } = await createProject(getDb(), who.actor, values);
    revalidatePath('/admin/projects');
    return { ok: true, message: `Made ${name}: opening its settings…`, location: projectPath(slug, '/settings') };
  } catch (error) {
    return refused(error, values);
  }
}

/** Form action (project admins): renames the project of the page. */
export async function renameProjectAction(_prev: ProjectActionState, formData: FormData): Promise<ProjectActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  try {
    await renameProjectAs(getDb(), who.principal, formData.get('name'));
  } catch (error) {
    return failure(error);
  }
  revalidatePath('/settings');
  return { ok: true, message: 'Renamed.' };
}

/** Form action (project admins): gives a user of the server a role in the project of the page, or changes it. */
export async function setMemberAction(_prev: ProjectActionState, formData: FormData): Promise<ProjectActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const values = { email: text(formData, 'email'), role: text(formData, 'role') };
  try {
    const { role } = await setProjectMember(getDb(), who.principal, values);
    revalidatePath('/settings');
    return { ok: true, message: `${values.email} is ${role === 'viewer' ? 'a' : 'an'} ${role} of ${who.principal.project.name}.` };
  } catch (error) {
    return refused(error, values);
  }
}

/** Form action (project admins): takes a member out of the project of the page; their keys of it stop working. */
export async function removeMemberAction(_prev: ProjectActionState, formData: FormData): Promise<ProjectActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const userId = z.string().min(1).max(100).safeParse(formData.get('userId'));
  if (!userId.success) return { ok: false, message: 'No member given.' };
  try {
    const { keysDeleted } = await removeMember(getDb(), who.principal, userId.data);
    revalidatePath('/settings');
    return { ok: true, message: `Removed${keysDeleted ? `; ${keysDeleted} API key(s) of theirs stopped working` : ''}.` };
  } catch (error) {
    return failure(error);
  }
}

/** Form action (admins of both projects): moves the dataset of the page with its runs; opens it in its new project. */
export async function moveDatasetAction(_prev: ProjectActionState, formData: FormData): Promise<ProjectActionState> {
  const who = await actionPrincipal('admin');
  if (!who.ok) return who.refusal;
  const id = z.string().min(1).max(100).safeParse(formData.get('id'));
  if (!id.success) return { ok: false, message: 'No dataset given.' };
  try {
    const { project, runs } = await moveDataset(getDb(), who.principal, id.data, formData.get('project'));
    return { ok: true, message: `Moved to ${project.name} with ${runs} run(s): opening it there…`, location: projectPath(project.slug, `/datasets/${id.data}`) };
  } catch (error) {
    return failure(error);
  }
}
