import { Prisma } from '../../generated/sqlite/client';
import type { Db } from '../db-types';

export interface NewReplay {
  sourceDatasetId: string;
  mode: string;
  targetKind: string;
  target: Record<string, unknown>;
  parameters: Record<string, unknown>;
  modelVersion: string;
  judge: Record<string, unknown> | null;
  evaluate: Record<string, unknown> | null;
  createdById: string | null;
}

const CONVERSATIONS_PER_READ = 500;
const TURNS_PER_INSERT = 1000;

/**
 * Stores a queued replay with one work item per assistant turn of the source dataset, in one
 * transaction: a worker never sees a replay whose items are half written. Returns its id and
 * how many turns it has to generate.
 */
export async function createReplay(db: Db, replay: NewReplay): Promise<{ id: string; totalItems: number }> {
  return db.$transaction(
    async (tx) => {
      const { id } = await tx.replay.create({
        data: { ...replay, target: replay.target as Prisma.InputJsonValue, parameters: replay.parameters as Prisma.InputJsonValue, judge: (replay.judge as Prisma.InputJsonValue | null) ?? Prisma.DbNull, evaluate: (replay.evaluate as Prisma.InputJsonValue | null) ?? Prisma.DbNull },
        select: { id: true },
      });
      let total = 0;
      for (let from = 0; ; from += CONVERSATIONS_PER_READ) {
        const conversations = await tx.conversation.findMany({
          where: { datasetId: replay.sourceDatasetId, position: { gte: from, lt: from + CONVERSATIONS_PER_READ } },
          orderBy: { position: 'asc' },
          select: { position: true, turns: { where: { role: 'assistant' }, orderBy: { index: 'asc' }, select: { id: true, index: true } } },
        });
        if (conversations.length === 0) break;
        const rows = conversations.flatMap((c) => c.turns.map((t) => ({ replayId: id, position: c.position, turnIndex: t.index, sourceTurnId: t.id })));
        for (let i = 0; i < rows.length; i += TURNS_PER_INSERT) await tx.replayTurn.createMany({ data: rows.slice(i, i + TURNS_PER_INSERT) });
        total += rows.length;
      }
      await tx.replay.update({ where: { id }, data: { totalItems: total } });
      return { id, totalItems: total };
    },
    { timeout: 5 * 60_000 },
  );
}
