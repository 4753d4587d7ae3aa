import 'server-only';
import { getDb } from '../../db/client';
import type { CompareSearch } from '../compare-search';
import { loadComparison } from '../load-comparison';
import { loadComparisonTable } from '../load-comparison-table';

/** The table panel: one page of the matched conversations, and the runs compared for its column heads. */
export async function loadTablePanel(search: CompareSearch) {
  const db = getDb();
  const [table, loaded] = await Promise.all([loadComparisonTable(db, search), loadComparison(db, search.baseline ?? '', search.candidates)]);
  return { table, runs: loaded.runs };
}
