import 'server-only';
import { getDb } from '../../db/client';
import type { CompareSearch } from '../compare-search';
import { loadPicker } from '../load-picker';

/** The picker panel: a page of runs to choose the comparison from, with its filter options. */
export const loadPickerPanel = (projectId: string, search: CompareSearch) => loadPicker(getDb(), projectId, search);
