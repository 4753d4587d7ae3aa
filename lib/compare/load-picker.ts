import type { Db } from '../db/db-types';
import { listPickerRuns } from '../db/queries/compare/list-picker-runs';
import type { CompareSearch } from './compare-search';

export const PICKER_PAGE_SIZE = 25;

/** The picker's page of runs with its filter options. */
export async function loadPicker(db: Db, projectId: string, search: CompareSearch) {
  const page = search.page;
  const listed = await listPickerRuns(
    db,
    projectId,
    { datasetId: search.dataset ?? undefined, modelVersion: search.model ?? undefined },
    { skip: (page - 1) * PICKER_PAGE_SIZE, take: PICKER_PAGE_SIZE },
  );
  return { ...listed, page, pageCount: Math.max(1, Math.ceil(listed.total / PICKER_PAGE_SIZE)) };
}
