import type { Db } from '../../db-types';
import type { Window } from './otlp-bodies';

const scoredIn = (w: Window) => ({ lt: w.before, ...(w.since ? { gte: w.since } : {}) });

/** Conversations of a live dataset that online rules scored in the window (each a copy in a rule's run, superseded ones included). */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export function countOnlineCopies(db: Db, liveDatasetId: string, window: Window): Promise<number> {
  return db.onlineScore.count({ where: { liveDatasetId, createdAt: scoredIn(window) } });
}

export interface ExpiredOnlineScore {
  id: string;
  runId: string;
  conversationId: string;
}

/**
 * Up to `take` scores of a live dataset's conversations made before `before`, oldest first,
 * leaving out those in a run a scoring pass holds now (running): the next pass takes them.
 */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function listExpiredOnlineScores(db: Db, liveDatasetId: string, before: Date, take: number): Promise<ExpiredOnlineScore[]> {
  const rows = await db.onlineScore.findMany({ where: { liveDatasetId, createdAt: { lt: before } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take, select: { id: true, runId: true, conversationId: true } });
  const held = new Set((await db.run.findMany({ where: { id: { in: [...new Set(rows.map((r) => r.runId))] }, status: 'running' }, select: { id: true } })).map((r) => r.id));
  return rows.filter((r) => !held.has(r.runId));
}

/** The copies' datasets and turn counts, by copy id (a copy gone already is absent). */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function listCopies(db: Db, conversationIds: string[]): Promise<Map<string, { datasetId: string; turnCount: number }>> {
  const rows = await db.conversation.findMany({ where: { id: { in: conversationIds } }, select: { id: true, datasetId: true, turnCount: true } });
  return new Map(rows.map((r) => [r.id, { datasetId: r.datasetId, turnCount: r.turnCount }]));
}

export class CopiesMoved extends Error {
  constructor() {
    super('a scored copy was moved or removed meanwhile');
    this.name = 'CopiesMoved';
  }
}

/**
 * Deletes scored copies in one short transaction: the copies (with their turns, results and
 * verdicts), their share of their datasets' counts, and their scores. A copy that moved to
 * another dataset meanwhile (superseded) or went throws CopiesMoved and nothing is deleted.
 */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function removeOnlineCopies(db: Db, scores: ExpiredOnlineScore[], copies: Map<string, { datasetId: string; turnCount: number }>): Promise<void> {
  const byDataset = new Map<string, { ids: string[]; turns: number }>();
  for (const s of scores) {
    const copy = copies.get(s.conversationId);
    if (!copy) continue;
    const entry = byDataset.get(copy.datasetId) ?? { ids: [], turns: 0 };
    entry.ids.push(s.conversationId);
    entry.turns += copy.turnCount;
    byDataset.set(copy.datasetId, entry);
  }
  await db.$transaction(async (tx) => {
    for (const [datasetId, { ids, turns }] of byDataset) {
      const gone = await tx.conversation.deleteMany({ where: { datasetId, id: { in: ids } } });
      if (gone.count !== ids.length) throw new CopiesMoved();
      await tx.dataset.update({ where: { id: datasetId }, data: { conversationCount: { decrement: ids.length }, turnCount: { decrement: turns } } });
    }
    await tx.onlineScore.deleteMany({ where: { id: { in: scores.map((s) => s.id) } } });
  });
}

/** A dataset's conversation count and its runs' statuses: whether an online run's dataset is left empty and ended. */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function getDatasetLeft(db: Db, datasetId: string): Promise<{ conversations: number; runs: { id: string; status: string }[] } | null> {
  const row = await db.dataset.findUnique({ where: { id: datasetId }, select: { conversationCount: true, runs: { select: { id: true, status: true } } } });
  return row ? { conversations: row.conversationCount, runs: row.runs } : null;
}

/** The dataset of a run, or null when the run is gone. */
// across projects: the retention worker's own live dataset (the page's is found in its project first).
export async function getRunDatasetOrNull(db: Db, runId: string): Promise<string | null> {
  return (await db.run.findUnique({ where: { id: runId }, select: { datasetId: true } }))?.datasetId ?? null;
}
