import { roleInProject } from '../auth/project-access';
import type { Db } from '../db/db-types';
import { findProjectById } from '../db/queries/projects/get-project';
import { getUserForPrincipal } from '../db/queries/users/get-user';
import { AppError } from '../errors';
import { actorOf, LOCAL_ACTOR, ownerIdOf, principalOf, type Actor, type Principal } from '../identity/principal';
import { SERVICE_ID } from '../identity/roles';
import { hasRole } from '../identity/roles';

/** Who saved a schedule, as its row keeps it. */
export interface ScheduleSaver {
  createdById: string | null;
  createdBy: string;
  savedVia: string;
}

/** The saver columns for a principal saving a schedule now. */
export const saverOf = (principal: Principal): ScheduleSaver => ({ createdById: ownerIdOf(principal), createdBy: principal.email, savedVia: principal.via });

/**
 * Who a schedule's start acts as: whoever saved it last, with their role in the schedule's
 * project as it is now (a user who lost the editor role there, left the project, or whose
 * account is gone, starts nothing: an editor saves it again to take it over). The service key
 * and the signed-out local user act as they always do, in the schedule's project.
 */
export async function scheduleActor(db: Db, saver: ScheduleSaver, projectId: string): Promise<Principal> {
  const project = await findProjectById(db, projectId);
  if (!project) throw new AppError('NOT_FOUND', 'The project of this schedule no longer exists');
  let actor: Actor;
  if (saver.savedVia === 'service-key') actor = { id: SERVICE_ID, email: 'service key', name: 'Service key', instanceAdmin: false, via: 'service-key', keyProjectId: project.id };
  else if (saver.savedVia === 'auth-off') actor = LOCAL_ACTOR;
  else {
    const user = saver.createdById ? await getUserForPrincipal(db, saver.createdById) : null;
    if (!user) throw new AppError('FORBIDDEN', `${saver.createdBy}, who saved this schedule, no longer has an account: an editor must save it again to take it over`);
    actor = actorOf(user, saver.savedVia === 'api-key' ? 'api-key' : 'session', saver.savedVia === 'api-key' ? project.id : null);
  }
  const role = await roleInProject(db, actor, project);
  if (!role || !hasRole(role, 'editor')) {
    throw new AppError('FORBIDDEN', `${actor.email}, who saved this schedule, is no longer an editor of the project "${project.name}": an editor must save it again to take it over`);
  }
  return principalOf(actor, project, role);
}
