import 'server-only';
import { getDb } from '../../db/client';
import { listConnections } from '../connection-store';
import { listEnvJudges } from '../env-judges';
import { loadJudgesOnOffer } from '../judges-on-offer';

/** The judge connections page: the stored connections (keys as their last four characters), the judges set in the environment, and the judge forms preselect. */
export async function loadConnectionsPage(projectId: string) {
  const db = getDb();
  const [connections, fromEnv, { defaultJudge }] = [await listConnections(db, projectId), listEnvJudges(process.env), await loadJudgesOnOffer(db, projectId, process.env)];
  return { connections, fromEnv, defaultJudge };
}
