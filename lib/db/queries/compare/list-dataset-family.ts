import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

/** How many of a dataset's first conversations are looked up in the others. */
const SAMPLE = 200;

export interface FamilyDataset {
  id: string;
  name: string;
  conversationCount: number;
}

/**
 * A dataset of a project and the datasets of the project that share its conversations' match keys (the answers of other
 * model versions to the same scenarios). Looks up the keys of the dataset's first 200
 * conversations: another dataset belongs when it holds at least half of them (or half of its
 * own conversations, when it is smaller). Two indexed queries, whatever the sizes. The datasets of
 * one online rule (a UTC day and model version each) are one family.
 */
export async function listDatasetFamily(db: Db, projectId: string, datasetId: string): Promise<{ dataset: FamilyDataset; related: FamilyDataset[] }> {
  const found = await db.dataset.findUnique({ where: { id: datasetId, projectId, importing: false }, select: { id: true, name: true, conversationCount: true, onlineRuleId: true } });
  if (!found) throw notFound('Dataset', datasetId);
  const { onlineRuleId, ...dataset } = found;
  if (onlineRuleId) {
    // An online rule's days hold different conversations: its other days are its family.
    const related = await db.dataset.findMany({
      where: { projectId, onlineRuleId, id: { not: datasetId }, onlineDay: { not: 'superseded' } },
      orderBy: { createdAt: 'asc' },
      select: { id: true, name: true, conversationCount: true },
    });
    return { dataset, related };
  }
  const sample = await db.conversation.findMany({
    where: { datasetId },
    orderBy: { position: 'asc' },
    take: SAMPLE,
    select: { matchKey: true },
  });
  const keys = [...new Set(sample.map((c) => c.matchKey))];
  if (keys.length === 0) return { dataset, related: [] };
  const hits = await db.conversation.groupBy({
    by: ['datasetId'],
    where: { matchKey: { in: keys }, datasetId: { not: datasetId }, dataset: { projectId } },
    _count: { _all: true },
  });
  const candidates = hits.filter((h) => h._count._all > 0);
  if (candidates.length === 0) return { dataset, related: [] };
  const others = await db.dataset.findMany({
    where: { projectId, id: { in: candidates.map((h) => h.datasetId) }, importing: false },
    orderBy: { createdAt: 'asc' },
    select: { id: true, name: true, conversationCount: true },
  });
  const count = new Map(candidates.map((h) => [h.datasetId, h._count._all]));
  const related = others.filter((o) => (count.get(o.id) ?? 0) >= 0.5 * Math.min(keys.length, Math.max(1, o.conversationCount)));
  return { dataset, related };
}
