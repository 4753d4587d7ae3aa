import 'server-only';
import { getDb } from '../../db/client';
import { getOnlineRule } from '../../db/queries/online/online-rules';
import { listOnlineRuns } from '../../db/queries/online/online-scores';
import { AppError } from '../../errors';
import { loadRuleFormOptions } from '../rule-form-options';

/** An online rule's page: the rule, the runs it scored into and what its edit form offers. NOT_FOUND for an unknown rule. */
export async function loadOnlineRulePage(id: string) {
  const db = getDb();
  const rule = await getOnlineRule(db, id);
  if (!rule) throw new AppError('NOT_FOUND', `No online rule with id ${id}`);
  const [runs, options] = await Promise.all([listOnlineRuns(db, id), loadRuleFormOptions(db, process.env)]);
  return { rule, runs, options };
}
