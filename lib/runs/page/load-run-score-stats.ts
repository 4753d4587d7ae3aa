import 'server-only';
import { getDb } from '../../db/client';
import { getRunScoreStats } from '../aggregates/get-run-score-stats';
import type { RunScoreStats } from '../aggregates/score-stats';

/** The run page's cards, histograms and table counts: one read of the run's score distribution. */
export const loadRunScoreStats = (run: { id: string; status: string; doneItems: number; scoreStats: unknown }): Promise<RunScoreStats> => getRunScoreStats(getDb(), run);
