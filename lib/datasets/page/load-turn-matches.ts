import 'server-only';
import { getDb } from '../../db/client';
import { countTurnMatches, searchTurns, type TurnMatch } from '../../db/queries/datasets/search-turns';

export { MATCH_COUNT_CAP } from '../../db/queries/datasets/search-turns';

/** The dataset page's turn matches panel: the `shown` best turns that mention the search, and how many do (counted up to MATCH_COUNT_CAP). */
export async function loadTurnMatches(datasetId: string, q: string, shown: number): Promise<{ matches: TurnMatch[]; total: number }> {
  const db = getDb();
  const matches = await searchTurns(db, datasetId, q, shown);
  // Fewer than a full list: that is all of them, no need to count.
  const total = matches.length < shown ? matches.length : await countTurnMatches(db, datasetId, q);
  return { matches, total };
}
