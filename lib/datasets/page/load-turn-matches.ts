import 'server-only';
import { getDb } from '../../db/client';
import { searchTurnsCounted, type TurnMatch } from '../../db/queries/datasets/search-turns';

export { MATCH_COUNT_CAP } from '../../db/queries/datasets/search-turns';

/** The dataset page's turn matches panel: the `shown` best turns that mention the search, and how many do (counted up to MATCH_COUNT_CAP). */
export const loadTurnMatches = (datasetId: string, q: string, shown: number): Promise<{ matches: TurnMatch[]; total: number }> => searchTurnsCounted(getDb(), datasetId, q, shown);
