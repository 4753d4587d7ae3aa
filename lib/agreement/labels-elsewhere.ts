import type { ExtraLabel } from '../db/queries/agreement/list-label-pairs';
import type { Db } from '../db/db-types';
import { getDatasetConversationCount } from '../db/queries/datasets/count-conversations';
import { countLabelsOutsideDataset, listLabelsOutsideDataset } from '../db/queries/labels/labels-elsewhere';
import { listRunConversations } from '../db/queries/runs/list-run-conversations';
import { turnContentHash } from './content-hash';

const PAGE = 500;

/**
 * Reviews given in the project's other datasets to turns whose content (what the metric read) this run's
 * dataset repeats: a new upload of the same conversations keeps their labels, a changed reply
 * does not. Nothing is read when no other dataset has reviews.
 */
export async function labelsFromOtherDatasets(db: Db, projectId: string, datasetId: string): Promise<ExtraLabel[]> {
  // Both at once: the run page waits for this before it reads the run's own labels.
  const [conversationCount, outside] = await Promise.all([getDatasetConversationCount(db, projectId, datasetId), countLabelsOutsideDataset(db, projectId, datasetId)]);
  if (conversationCount === null || outside === 0) return [];
  const out: ExtraLabel[] = [];
  for (let from = 0; from < conversationCount; from += PAGE) {
    const here = new Map<string, { conversationId: string; turnIndex: number }>();
    for (const row of await listRunConversations(db, datasetId, { from, to: from + PAGE })) {
      row.conversation.turns.forEach((turn, turnIndex) => {
        if (turn.role === 'assistant') here.set(turnContentHash(row.conversation.turns, turnIndex), { conversationId: row.id, turnIndex });
      });
    }
    const hashes = [...here.keys()];
    for (let i = 0; i < hashes.length; i += PAGE) {
      const labels = await listLabelsOutsideDataset(db, projectId, datasetId, hashes.slice(i, i + PAGE));
      for (const l of labels) out.push({ ...here.get(l.contentHash)!, metric: l.metric, reviewer: l.reviewerEmail, verdict: l.verdict });
    }
  }
  return out;
}
