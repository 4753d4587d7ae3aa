import type { Db } from '../../db-types';

/**
 * Links every turn of a dataset made by a replay to the recorded turn it was replayed from: the
 * turn at the same index of the source conversation (`sourcePositions`: new position → source
 * position). One UPDATE per conversation, the same SQL on SQLite and PostgreSQL.
 */
export async function linkSourceTurns(db: Db, datasetId: string, sourceDatasetId: string, sourcePositions: readonly number[]): Promise<void> {
  const STEP = 500;
  for (let from = 0; from < sourcePositions.length; from += STEP) {
    const [news, sources] = await Promise.all([
      db.conversation.findMany({ where: { datasetId, position: { gte: from, lt: from + STEP } }, select: { id: true, position: true } }),
      db.conversation.findMany({ where: { datasetId: sourceDatasetId, position: { in: sourcePositions.slice(from, from + STEP) } }, select: { id: true, position: true } }),
    ]);
    const sourceId = new Map(sources.map((s) => [s.position, s.id]));
    const pairs = news.flatMap((c) => {
      const source = sourceId.get(sourcePositions[c.position]);
      return source ? [{ id: c.id, source }] : [];
    });
    await db.$transaction(
      pairs.map(
        (p) => db.$executeRaw`UPDATE "Turn" SET "sourceTurnId" = (SELECT s."id" FROM "Turn" s WHERE s."conversationId" = ${p.source} AND s."index" = "Turn"."index") WHERE "conversationId" = ${p.id}`,
      ),
    );
  }
}
