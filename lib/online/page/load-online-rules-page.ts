import 'server-only';
import { getDb } from '../../db/client';
import { listLiveDatasets, listOnlineRules } from '../../db/queries/online/online-rules';

/** The online evaluation page: every rule, oldest first, and the live datasets that name the datasets they watch. */
export async function loadOnlineRulesPage(projectId: string) {
  const db = getDb();
  const [rules, live] = await Promise.all([listOnlineRules(db, projectId), listLiveDatasets(db, projectId)]);
  return { rules, live };
}
