import 'server-only';
import { getDb } from '../../db/client';
import type { CompareSearch } from '../compare-search';
import { loadSideBySide, type SideBySideView } from '../load-side-by-side';

/** The side-by-side panel: one conversation (by match key) in every run compared, turns aligned. */
export const loadSideBySidePanel = (projectId: string, search: CompareSearch): Promise<SideBySideView> => loadSideBySide(getDb(), projectId, search);
