import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { getCreatedById } from '../db/queries/ownership/get-created-by';
import type { Principal } from '../identity/principal';
import { mayChange } from '../identity/roles';

/**
 * Refuses unless `principal` may delete, cancel or rename this dataset or run of its project
 * (admins: any; editors: their own); one of another project is not found.
 */
export async function assertMayChange(db: Db, principal: Principal, kind: 'dataset' | 'run', id: string): Promise<void> {
  const createdById = await getCreatedById(db, principal.project.id, kind, id);
  if (createdById === undefined) throw new AppError('NOT_FOUND', `No ${kind} with id ${id}`);
  if (!mayChange(principal, createdById)) {
    throw new AppError('FORBIDDEN', `Only an admin or the editor who made this ${kind} may change it`);
  }
}
