import type { ExtraLabel } from '../db/queries/agreement/list-label-pairs';
import type { Db } from '../db/queries/db-types';
import { listRunConversations } from '../db/queries/runs/list-run-conversations';
import { turnContentHash } from './content-hash';

const PAGE = 500;

/**
 * Reviews given in other datasets to turns whose content (what the metric read) this run's
 * dataset repeats: a new upload of the same conversations keeps their labels, a changed reply
 * does not. Nothing is read when no other dataset has reviews.
 */
export async function labelsFromOtherDatasets(db: Db, datasetId: string): Promise<ExtraLabel[]> {
  const dataset = await db.dataset.findUnique({ where: { id: datasetId }, select: { conversationCount: true } });
  if (!dataset) return [];
  const elsewhere = { conversation: { datasetId: { not: datasetId } } };
  if ((await db.turnLabel.count({ where: elsewhere })) === 0) return [];
  const out: ExtraLabel[] = [];
  for (let from = 0; from < dataset.conversationCount; from += PAGE) {
    const here = new Map<string, { conversationId: string; turnIndex: number }>();
    for (const row of await listRunConversations(db, datasetId, { from, to: from + PAGE })) {
      row.conversation.turns.forEach((turn, turnIndex) => {
        if (turn.role === 'assistant') here.set(turnContentHash(row.conversation.turns, turnIndex), { conversationId: row.id, turnIndex });
      });
    }
    const hashes = [...here.keys()];
    for (let i = 0; i < hashes.length; i += PAGE) {
      const labels = await db.turnLabel.findMany({
        where: { ...elsewhere, contentHash: { in: hashes.slice(i, i + PAGE) } },
        select: { contentHash: true, metric: true, verdict: true, reviewerEmail: true },
      });
      for (const l of labels) out.push({ ...here.get(l.contentHash)!, metric: l.metric, reviewer: l.reviewerEmail, verdict: l.verdict });
    }
  }
  return out;
}
