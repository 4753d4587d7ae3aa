import type { Db } from '../../db-types';
import { runImportSelect, type RunImportRow } from './run-import-row';

/** A run import by the id its client was given; null for an unknown one. */
export const getRunImport = (db: Db, id: string): Promise<RunImportRow | null> => db.runImport.findUnique({ where: { id }, select: runImportSelect });
