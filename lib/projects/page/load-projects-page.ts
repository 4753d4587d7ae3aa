import 'server-only';
import { getDb } from '../../db/client';
import { listProjectsWithCounts } from '../../db/queries/projects/get-project';

/** The projects page (instance admins): every project with its members and datasets counted. */
export const loadProjectsPage = () => listProjectsWithCounts(getDb());
