import 'server-only';
import { getDb } from '../../db/client';
import type { CompareSearch } from '../compare-search';
import { loadComparison } from '../load-comparison';
import { loadComparisonTable } from '../load-comparison-table';

/** The table panel: one page of the matched conversations, and the runs compared for its column heads. */
export async function loadTablePanel(projectId: string, search: CompareSearch) {
  const db = getDb();
  const [table, loaded] = await Promise.all([loadComparisonTable(db, projectId, search), loadComparison(db, projectId, search.baseline ?? '', search.candidates)]);
  return { table, runs: loaded.runs };
}
