import 'server-only';
import { getDb } from '../../db/client';
import { loadNewRunOptions, type NewRunOptions } from '../request/new-run-options';

/** The new-run form for a dataset: the metrics that apply to it and the judges on offer, and those of a run to score again (`from`). NOT_FOUND for an unknown dataset or run. */
export const loadNewRunPage = (projectId: string, datasetId: string, fromRunId?: string): Promise<NewRunOptions> => loadNewRunOptions(getDb(), projectId, datasetId, process.env, fromRunId);
