import 'server-only';
import { getDb } from '../../db/client';
import { getOnlineRule } from '../../db/queries/online/online-rules';
import { listOnlineRuns } from '../../db/queries/online/online-scores';
import { AppError } from '../../errors';
import { costBasis } from '../../format/cost';
import { findModelPrice } from '../../llm/prices';
import { loadRuleFormOptions } from '../rule-form-options';

/** An online rule's page: the rule, the runs it scored into and what its edit form offers. NOT_FOUND for an unknown rule. */
export async function loadOnlineRulePage(projectId: string, id: string) {
  const db = getDb();
  const rule = await getOnlineRule(db, projectId, id);
  if (!rule) throw new AppError('NOT_FOUND', `No online rule with id ${id}`);
  const [runs, options] = await Promise.all([listOnlineRuns(db, projectId, id), loadRuleFormOptions(db, projectId, process.env)]);
  // A judge model without a price costs something unknown, not $0 (as the run page says).
  return { rule, runs: runs.map((r) => ({ ...r, costBasis: costBasis(r.judgeKind, findModelPrice(r.judgeModel) !== null) })), options };
}
