import 'server-only';
import { getDb } from '../../db/client';
import { loadMetricEditorOptions, type MetricEditorOptions } from '../editor-options';

/** The new metric page: an empty editor with the judges on offer and the datasets to try a definition on. */
export const loadNewMetricPage = (projectId: string): Promise<MetricEditorOptions> => loadMetricEditorOptions(getDb(), projectId, process.env, null);
