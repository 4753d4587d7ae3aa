import 'server-only';
import { getDb } from '../../db/client';
import { listRunVerdictMap } from '../../db/queries/runs/list-run-verdict-map';
import type { RunTableQuery } from '../../domain/run-table-query';
import { getRunTurnStats } from '../aggregates/get-run-turn-stats';
import type { RunScoreStats } from '../aggregates/score-stats';

/** The verdict map panel: one page of conversations' turn verdicts, and how many turns are unstable (stored when the run closed). */
export async function loadRunVerdictMap(run: Parameters<typeof listRunVerdictMap>[1], query: RunTableQuery, rows: number, stats: Promise<RunScoreStats>) {
  const db = getDb();
  const [page, turns] = await Promise.all([stats.then((s) => listRunVerdictMap(db, run, query, rows, s)), getRunTurnStats(db, run.id)]);
  return { page, unstable: turns.unstable };
}
