import 'server-only';
import { getDb } from '../../db/client';
import { listRuns } from '../../db/queries/runs/list-runs';

/** The runs page: the newest runs (up to 100), with their progress. */
export const loadRunsPage = (projectId: string) => listRuns(getDb(), projectId);
