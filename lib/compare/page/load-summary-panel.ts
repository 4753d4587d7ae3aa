import 'server-only';
import { getDb } from '../../db/client';
import type { CompareSearch } from '../compare-search';
import { loadComparison, type LoadedComparison } from '../load-comparison';

/** The summary panel: the runs compared and, metric by metric, how the candidates differ from the baseline. */
export const loadSummaryPanel = (projectId: string, search: CompareSearch): Promise<LoadedComparison> => loadComparison(getDb(), projectId, search.baseline ?? '', search.candidates);
