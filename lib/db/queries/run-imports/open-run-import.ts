import type { Db } from '../../db-types';
import { isUniqueViolation } from '../../unique-violation';
import { runImportSelect, type RunImportRow } from './run-import-row';

/**
 * The import of the run with this key in a project: the one already open (the same run sent again), or a new
 * one with `id`. Two requests racing with one key meet on the unique key and share the first.
 */
export async function openRunImport(db: Db, input: { projectId: string; id: string; origin: string; key: string; head: object; expected: number }): Promise<{ row: RunImportRow; created: boolean }> {
  const where = { projectId_key: { projectId: input.projectId, key: input.key } };
  const existing = await db.runImport.findUnique({ where, select: runImportSelect });
  if (existing) return { row: existing, created: false };
  try {
    const row = await db.runImport.create({ data: { id: input.id, projectId: input.projectId, origin: input.origin, key: input.key, head: input.head, expected: input.expected }, select: runImportSelect });
    return { row, created: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { row: await db.runImport.findUniqueOrThrow({ where, select: runImportSelect }), created: false };
  }
}
