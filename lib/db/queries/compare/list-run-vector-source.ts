import type { VectorConversation, VectorResult } from '../../../compare/run-vector';
import type { Db } from '../db-types';

const PAGE = 20_000;

/**
 * What a run's score vector is built from: its dataset's conversations in position order and
 * the run's results (score, outcome). Read in keyset pages so a large run never becomes one
 * huge query.
 */
export async function listRunVectorSource(
  db: Db,
  run: { id: string; datasetId: string },
): Promise<{ conversations: VectorConversation[]; results: VectorResult[] }> {
  const conversations: VectorConversation[] = [];
  for (let after = -1; ; ) {
    const page = await db.conversation.findMany({
      where: { datasetId: run.datasetId, position: { gt: after } },
      orderBy: { position: 'asc' },
      take: PAGE,
      select: { id: true, matchKey: true, position: true },
    });
    for (const c of page) conversations.push({ id: c.id, matchKey: c.matchKey });
    if (page.length < PAGE) break;
    after = page[page.length - 1].position;
  }
  const results: VectorResult[] = [];
  for (let after: string | undefined; ; ) {
    const page = await db.result.findMany({
      where: { runId: run.id, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: 'asc' },
      take: PAGE,
      select: { id: true, conversationId: true, metric: true, score: true, success: true, error: true },
    });
    for (const r of page) results.push({ conversationId: r.conversationId, metric: r.metric, score: r.score, success: r.success, errored: r.error !== null });
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  return { conversations, results };
}
