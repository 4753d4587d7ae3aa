import type { Db } from '../db/db-types';
import { tracesOfConversations } from '../db/queries/ingest/live-conversation-ids';
import { listStoredLiveConversations, LiveCountsMoved, readLiveCounts } from '../db/queries/ingest/live-conversations';
import { countUnfinishedRuns } from '../db/queries/retention/count-unfinished-runs';
import { listExpiredLiveConversations, listRunsWithResultsOn, removeLiveConversations } from '../db/queries/retention/live-conversations';
import { addToProfile, readProfile } from '../metrics/applicability-profile';
import { recomputeEndedRun } from '../runs';

/** Conversations deleted per transaction. */
const BATCH = 200;
/** Times a batch is read again when ingest wrote the dataset meanwhile, before the pass gives up until the next one. */
const RETRIES = 5;

export interface KindOutcome {
  deleted: number;
  /** Why some of what is due was left for a later pass, or null. */
  waiting: string | null;
}

/**
 * Deletes a live dataset's conversations last active before `before`, a batch per short
 * transaction (lib/db/queries/retention/live-conversations.ts): with their turns, the facts
 * they were made of, the results and verdicts of runs on them, and their share of the dataset's
 * counts. The runs that lost results are then recounted and closed again (recomputeEndedRun),
 * so that their numbers and score vectors cover what is left. While a run on the dataset is
 * queued or running nothing is deleted: its items were counted when it started.
 */
export async function deleteExpiredLiveConversations(db: Db, projectId: string, datasetId: string, before: Date, options: { perPass: number; stopped: () => boolean }): Promise<KindOutcome> {
  if ((await countUnfinishedRuns(db, datasetId)) > 0) return { deleted: 0, waiting: 'a run on the dataset is queued or running: its conversations go once it ends' };
  const runs = new Set<string>();
  let deleted = 0;
  let retries = 0;
  try {
    while (deleted < options.perPass && !options.stopped()) {
      const held = await readLiveCounts(db, datasetId);
      const batch = await listExpiredLiveConversations(db, datasetId, before, Math.min(BATCH, options.perPass - deleted));
      if (!batch.length) break;
      const keys = batch.map((c) => c.matchKey);
      const profile = readProfile(held.stored);
      const counts = profile ? addToProfile(profile, [...(await listStoredLiveConversations(db, datasetId, keys)).values()].map((c) => c.conversation), -1) : null;
      const traceIds = [...new Set([...(await tracesOfConversations(db, projectId, keys)).values()].flatMap((t) => [...t]))];
      const ids = batch.map((c) => c.id);
      for (const run of await listRunsWithResultsOn(db, ids)) runs.add(run);
      try {
        await removeLiveConversations(db, projectId, datasetId, { ids, traceIds, turns: batch.reduce((n, c) => n + c.turnCount, 0), before, version: held.version, counts });
        deleted += ids.length;
      } catch (error) {
        // Ingest wrote the dataset (or another worker deleted some) meanwhile: read again.
        if (!(error instanceof LiveCountsMoved) || ++retries > RETRIES) throw error;
      }
    }
  } finally {
    for (const run of runs) await recomputeEndedRun(db, run);
  }
  return { deleted, waiting: null };
}
