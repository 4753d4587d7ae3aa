import 'server-only';
import { getDb } from '../../db/client';
import type { RunTurnStats } from '../aggregates/score-stats';
import { getRunTurnStats } from '../aggregates/get-run-turn-stats';

/** The break panel's and the undecided-turns note's figures: where conversations first fail, how many turns are undecided. */
export const loadRunTurnStats = (runId: string): Promise<RunTurnStats> => getRunTurnStats(getDb(), runId);
