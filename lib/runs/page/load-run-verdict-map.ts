import 'server-only';
import { getDb } from '../../db/client';
import { countUnstableTurns } from '../../db/queries/runs/count-unstable-turns';
import { listRunVerdictMap } from '../../db/queries/runs/list-run-verdict-map';
import type { RunTableQuery } from '../../domain/run-table-query';

/** The verdict map panel: one page of conversations' turn verdicts, and how many turns are unstable. */
export async function loadRunVerdictMap(run: Parameters<typeof listRunVerdictMap>[1], query: RunTableQuery, rows: number) {
  const db = getDb();
  const [page, unstable] = await Promise.all([listRunVerdictMap(db, run, query, rows), countUnstableTurns(db, run.id)]);
  return { page, unstable };
}
