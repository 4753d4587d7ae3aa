import type { Db } from '../../db/db-types';
import { countUndecidedTurns } from '../../db/queries/runs/count-undecided-turns';
import { countUnstableTurns } from '../../db/queries/runs/count-unstable-turns';
import { getRunAggregatesRow } from '../../db/queries/runs/get-run-aggregates-row';
import { listFirstFailures } from '../../db/queries/runs/list-first-failures';
import { parseScoreStats, type RunTurnStats } from './score-stats';
import { isLiveRun } from '../../domain/run-progress';

/**
 * Where a run's conversations first fail and how many of its turns are undecided or unstable: stored with
 * the run's score stats when it closed (see getRunScoreStats for when they count as current),
 * counted from the turn verdicts while it goes on, or for a run closed before they were stored.
 */
export async function getRunTurnStats(db: Db, runId: string): Promise<RunTurnStats> {
  const run = await getRunAggregatesRow(db, runId);
  if (run && !isLiveRun(run.status)) {
    const stored = parseScoreStats(run.scoreStats);
    const counted = stored?.metrics.reduce((n, m) => n + m.count, 0);
    if (stored?.turns && counted === run.doneItems) return stored.turns;
  }
  const [firstFailures, undecided, unstable] = await Promise.all([listFirstFailures(db, runId), countUndecidedTurns(db, runId), countUnstableTurns(db, runId)]);
  return { firstFailures, undecided, unstable };
}
