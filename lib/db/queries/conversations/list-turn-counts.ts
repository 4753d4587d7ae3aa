import type { DbOrTx } from '../../db-types';

/** The turn counts of those of these conversations that belong to the dataset (others are left out). */
export async function listTurnCounts(db: DbOrTx, datasetId: string, conversationIds: string[]): Promise<Map<string, number>> {
  const rows = await db.conversation.findMany({ where: { datasetId, id: { in: conversationIds } }, select: { id: true, turnCount: true } });
  return new Map(rows.map((r) => [r.id, r.turnCount]));
}
