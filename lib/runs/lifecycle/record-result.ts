import type { Db } from '../../db/db-types';
import { saveResult } from '../../db/queries/runs/save-result';
import type { MetricResult } from '../../domain';
import { oneVerdictPerTurn } from '../aggregates/turn-verdict-rows';

/**
 * A run's progress: one conversation×metric result stored with its per-turn verdicts (one
 * per turn, the worst standing) and counted on the run. False when it was already stored.
 */
export async function recordResult(db: Db, runId: string, conversationId: string, result: MetricResult): Promise<boolean> {
  return saveResult(db, runId, conversationId, result, oneVerdictPerTurn(result.verdicts));
}
