import 'server-only';
import { getDb } from '../../db/client';
import { getComparedRuns, type ComparedRun } from '../../db/queries/compare/get-compared-runs';
import type { CompareSearch } from '../compare-search';

/** The compare pages' frame: the runs the address names (baseline, then candidates). NOT_FOUND when one does not exist. */
export const loadComparedRuns = (projectId: string, search: CompareSearch): Promise<ComparedRun[]> =>
  getComparedRuns(getDb(), projectId, [search.baseline, ...search.candidates].filter((id): id is string => Boolean(id)));
