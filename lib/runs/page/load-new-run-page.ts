import 'server-only';
import { getDb } from '../../db/client';
import { loadNewRunOptions, type NewRunOptions } from '../request/new-run-options';

/** The new-run form for a dataset: the metrics that apply to it and the judges on offer. NOT_FOUND for an unknown dataset. */
export const loadNewRunPage = (datasetId: string): Promise<NewRunOptions> => loadNewRunOptions(getDb(), datasetId, process.env);
