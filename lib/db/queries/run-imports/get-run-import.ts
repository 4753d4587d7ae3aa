import type { Db } from '../../db-types';
import { runImportSelect, type RunImportRow } from './run-import-row';

/** A run import of a project by the id its client was given; null for an unknown one (or one of another project). */
export const getRunImport = (db: Db, projectId: string, id: string): Promise<RunImportRow | null> =>
  db.runImport.findUnique({ where: { id, projectId }, select: runImportSelect });
