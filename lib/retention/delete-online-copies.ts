import type { Db } from '../db/db-types';
import { purgeDataset } from '../db/queries/datasets/purge-dataset';
import { CopiesMoved, getDatasetLeft, getRunDatasetOrNull, listCopies, listExpiredOnlineScores, removeOnlineCopies } from '../db/queries/retention/online-copies';
import { recomputeEndedRun } from '../runs';
import type { KindOutcome } from './delete-live-conversations';

const BATCH = 200;
const RETRIES = 5;

/**
 * An online run some of whose copies went: deleted with its dataset when none is left (and no
 * scoring pass holds it), else recounted and closed again so that its summary and score vector
 * cover the copies left.
 */
async function settleOnlineRun(db: Db, runId: string): Promise<void> {
  const datasetId = await getRunDatasetOrNull(db, runId);
  if (!datasetId) return;
  const left = await getDatasetLeft(db, datasetId);
  if (left && left.conversations === 0 && left.runs.every((r) => r.status !== 'running' && r.status !== 'queued')) {
    await purgeDataset(db, datasetId);
    return;
  }
  await recomputeEndedRun(db, runId);
}

/**
 * Deletes the copies of a live dataset's conversations that online rules scored before `before`
 * (their day's runs and the runs of superseded results alike), a batch per short transaction,
 * with their results and scores; then settles each run touched (settleOnlineRun). Copies in a
 * run a scoring pass holds now wait for the next pass.
 */
export async function deleteExpiredOnlineCopies(db: Db, liveDatasetId: string, before: Date, options: { perPass: number; stopped: () => boolean }): Promise<KindOutcome> {
  const runs = new Set<string>();
  let deleted = 0;
  let retries = 0;
  try {
    while (deleted < options.perPass && !options.stopped()) {
      const scores = await listExpiredOnlineScores(db, liveDatasetId, before, Math.min(BATCH, options.perPass - deleted));
      if (!scores.length) break;
      const copies = await listCopies(db, scores.map((s) => s.conversationId));
      for (const s of scores) runs.add(s.runId);
      try {
        await removeOnlineCopies(db, scores, copies);
        deleted += scores.length;
      } catch (error) {
        // A pass superseded one of them meanwhile (it moved to the run of superseded results): read again.
        if (!(error instanceof CopiesMoved) || ++retries > RETRIES) throw error;
      }
    }
  } finally {
    for (const run of runs) await settleOnlineRun(db, run);
  }
  return { deleted, waiting: null };
}
