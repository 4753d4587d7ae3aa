import type { Db } from '../../db-types';
import { AppError } from '../../../errors';
import { isUniqueViolation } from '../../unique-violation';

export interface StoredPattern {
  id: string;
  name: string;
  pattern: string;
  createdBy: string | null;
  createdAt: Date;
}

const select = { id: true, name: true, pattern: true, createdBy: true, createdAt: true } as const;

export const listRedactionPatterns = (db: Db): Promise<StoredPattern[]> => db.redactionPattern.findMany({ orderBy: { name: 'asc' }, select });

export const countRedactionPatterns = (db: Db): Promise<number> => db.redactionPattern.count();

/** Stores a pattern; CONFLICT naming the field when the name is taken. */
export async function createRedactionPattern(db: Db, data: { name: string; pattern: string; createdBy: string | null }): Promise<StoredPattern> {
  try {
    return await db.redactionPattern.create({ data, select });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', `name: a pattern named "${data.name}" exists already`, { field: 'name' });
    throw error;
  }
}

/** Removes a pattern; the removed one, or NOT_FOUND. */
export async function deleteRedactionPattern(db: Db, id: string): Promise<StoredPattern> {
  const found = await db.redactionPattern.findUnique({ where: { id }, select });
  if (!found) throw new AppError('NOT_FOUND', 'No such pattern (it may have been removed already)');
  await db.redactionPattern.delete({ where: { id } });
  return found;
}
