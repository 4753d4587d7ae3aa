import type { Db } from '../db/db-types';
import { getUserForPrincipal } from '../db/queries/users/get-user';
import { AppError } from '../errors';
import { LOCAL_PRINCIPAL, ownerIdOf, principalOf, SERVICE_PRINCIPAL, type Principal } from '../identity/principal';
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
 * Who a schedule's start acts as: whoever saved it last, with their role as it is now (a user
 * who lost the editor role, or whose account is gone, starts nothing: an editor saves it again
 * to take it over). The service key and the signed-out local user act as they always do.
 */
export async function scheduleActor(db: Db, saver: ScheduleSaver): Promise<Principal> {
  if (saver.savedVia === 'service-key') return SERVICE_PRINCIPAL;
  if (saver.savedVia === 'auth-off') return LOCAL_PRINCIPAL;
  const user = saver.createdById ? await getUserForPrincipal(db, saver.createdById) : null;
  if (!user) throw new AppError('FORBIDDEN', `${saver.createdBy}, who saved this schedule, no longer has an account: an editor must save it again to take it over`);
  const principal = principalOf(user, saver.savedVia === 'api-key' ? 'api-key' : 'session');
  if (!hasRole(principal.role, 'editor')) throw new AppError('FORBIDDEN', `${user.email}, who saved this schedule, is no longer an editor: an editor must save it again to take it over`);
  return principal;
}
