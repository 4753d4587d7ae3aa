import type { Db } from '../db-types';

/**
 * Links every turn of a dataset made by a replay to the recorded turn it was replayed from:
 * the turn at the same index of the source conversation whose match key and position the new
 * conversation carries (`sourcePositions`: new position → source position). One statement per
 * few hundred conversations.
 */
export async function linkSourceTurns(db: Db, datasetId: string, sourceDatasetId: string, sourcePositions: readonly number[]): Promise<void> {
  const STEP = 500;
  for (let from = 0; from < sourcePositions.length; from += STEP) {
    const [news, sources] = await Promise.all([
      db.conversation.findMany({ where: { datasetId, position: { gte: from, lt: from + STEP } }, select: { id: true, position: true, turns: { select: { id: true, index: true } } } }),
      db.conversation.findMany({
        where: { datasetId: sourceDatasetId, position: { in: sourcePositions.slice(from, from + STEP) } },
        select: { position: true, turns: { select: { id: true, index: true } } },
      }),
    ]);
    const sourceTurns = new Map(sources.map((s) => [s.position, new Map(s.turns.map((t) => [t.index, t.id]))]));
    const pairs: { id: string; sourceTurnId: string }[] = [];
    for (const c of news) {
      const turns = sourceTurns.get(sourcePositions[c.position]);
      for (const t of c.turns) {
        const sourceTurnId = turns?.get(t.index);
        if (sourceTurnId) pairs.push({ id: t.id, sourceTurnId });
      }
    }
    await db.$transaction(pairs.map((p) => db.turn.update({ where: { id: p.id }, data: { sourceTurnId: p.sourceTurnId }, select: { id: true } })));
  }
}
