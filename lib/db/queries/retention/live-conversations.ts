import type { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../../db-types';
import { LiveCountsMoved } from '../ingest/live-conversations';
import type { Window } from './otlp-bodies';

// Ids per `in (…)` list: far below SQLite's 32,766 parameters and Postgres's 65,535.
const IN_CHUNK = 500;

const activeIn = (w: Window) => ({ lt: w.before, ...(w.since ? { gte: w.since } : {}) });

/** Conversations of a live dataset last active in the window. */
export function countLiveConversations(db: Db, datasetId: string, window: Window): Promise<number> {
  return db.conversation.count({ where: { datasetId, lastActivityAt: activeIn(window) } });
}

/** Up to `take` conversations of a live dataset last active before `before`, least recently active first: their match keys (the live conversation ids). */
export async function listExpiredLiveConversations(db: Db, datasetId: string, before: Date, take: number): Promise<{ id: string; matchKey: string; turnCount: number }[]> {
  return db.conversation.findMany({ where: { datasetId, lastActivityAt: { lt: before } }, orderBy: [{ lastActivityAt: 'asc' }, { id: 'asc' }], take, select: { id: true, matchKey: true, turnCount: true } });
}

/** The runs that hold results on these conversations. */
export async function listRunsWithResultsOn(db: Db, conversationIds: string[]): Promise<string[]> {
  const out = new Set<string>();
  for (let i = 0; i < conversationIds.length; i += IN_CHUNK) {
    const rows = await db.result.findMany({ where: { conversationId: { in: conversationIds.slice(i, i + IN_CHUNK) } }, distinct: ['runId'], select: { runId: true } });
    for (const r of rows) out.add(r.runId);
  }
  return [...out];
}

export interface LiveConversationRemoval {
  ids: string[];
  /** The traces those conversations were made of: their facts go too (a late span would otherwise bring the old turns back). */
  traceIds: string[];
  /** Their turns, taken off the dataset's count. */
  turns: number;
  /** Only those last active before this go, and only facts last written before it. */
  before: Date;
  /** The dataset row's version (updatedAt) the removal was read at: a write since (ingest) means read again. */
  version: Date;
  /** The dataset's applicable-metrics counts without them; null leaves them. */
  counts: Record<string, unknown> | null;
}

/**
 * Deletes conversations of a live dataset in one short transaction, with their turns (and the
 * results, verdicts and labels on them), the facts they were made of, and their share of the
 * dataset's conversation, turn and applicable-metrics counts. A compare-and-set on the dataset's
 * row, as ingest's writes make: a write since the read (or another worker's removal) throws
 * LiveCountsMoved and nothing is deleted.
 */
export async function removeLiveConversations(db: Db, projectId: string, datasetId: string, removal: LiveConversationRemoval): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.dataset.updateMany({
      where: { id: datasetId, projectId, updatedAt: removal.version },
      data: {
        conversationCount: { decrement: removal.ids.length },
        turnCount: { decrement: removal.turns },
        ...(removal.counts ? { applicableCounts: removal.counts as Prisma.InputJsonObject } : {}),
      },
    });
    if (count === 0) throw new LiveCountsMoved();
    const gone = await tx.conversation.deleteMany({ where: { datasetId, id: { in: removal.ids }, lastActivityAt: { lt: removal.before } } });
    if (gone.count !== removal.ids.length) throw new LiveCountsMoved();
    for (let i = 0; i < removal.traceIds.length; i += IN_CHUNK) {
      const traceId = { in: removal.traceIds.slice(i, i + IN_CHUNK) };
      await tx.otelLlmCall.deleteMany({ where: { projectId, traceId, updatedAt: { lt: removal.before } } });
      await tx.otelTrace.deleteMany({ where: { projectId, traceId, updatedAt: { lt: removal.before } } });
    }
  });
}
