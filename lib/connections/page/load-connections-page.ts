import 'server-only';
import { getDb } from '../../db/client';
import { listConnections } from '../connection-store';
import { listEnvJudges } from '../env-judges';

/** The judge connections page: the stored connections (keys as their last four characters) and the judges set in the environment. */
export async function loadConnectionsPage() {
  const [connections, fromEnv] = [await listConnections(getDb()), listEnvJudges(process.env)];
  return { connections, fromEnv };
}
