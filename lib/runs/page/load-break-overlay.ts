import 'server-only';
import { getDb } from '../../db/client';
import { isAppError } from '../../errors';
import type { CompareSearch } from '../../compare/compare-search';
import { loadComparison } from '../../compare/load-comparison';
import { getRunTurnStats } from '../aggregates/get-run-turn-stats';

/** The break overlay panel: the runs compared, their metrics and each run's first-failing turns; null when the selection cannot be compared (the summary panel says why). */
export async function loadBreakOverlay(projectId: string, search: CompareSearch) {
  const db = getDb();
  const loaded = await loadComparison(db, projectId, search.baseline ?? '', search.candidates).catch((e: unknown) => {
    if (isAppError(e) && (e.code === 'NOT_FOUND' || e.code === 'BAD_INPUT')) return null;
    throw e;
  });
  if (!loaded) return null;
  const { runs, comparison } = loaded;
  const failures = await Promise.all(runs.map(async (run) => (await getRunTurnStats(db, run.id)).firstFailures));
  return { runs, metrics: comparison.metrics.map((m) => m.metric), failures };
}
