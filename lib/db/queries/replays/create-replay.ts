import { Prisma } from '../../generated/sqlite/client';
import type { Db, Tx } from '../../db-types';

export interface NewReplay {
  /** Its source dataset's project. */
  projectId: string;
  sourceDatasetId: string;
  mode: string;
  targetKind: string;
  target: Record<string, unknown>;
  parameters: Record<string, unknown>;
  modelVersion: string;
  judge: Record<string, unknown> | null;
  evaluate: Record<string, unknown> | null;
  createdById: string | null;
  /** Simulated-user mode: exchanges per conversation at most; null in the other modes. */
  simulatedTurns?: number | null;
}

/** Why a conversation takes no part in a simulated-user replay (stored on its one "skipped" item). */
export const NO_SCENARIO = 'skipped: the conversation has no scenario for the simulated user to play';

const CONVERSATIONS_PER_READ = 500;
const TURNS_PER_INSERT = 1000;

/**
 * Stores a queued replay with one work item per assistant turn of the source dataset (per
 * simulated exchange in simulated-user mode), in one
 * transaction: a worker never sees a replay whose items are half written. Returns its id and
 * how many turns it has to generate.
 */
export async function createReplay(db: Db, replay: NewReplay): Promise<{ id: string; totalItems: number }> {
  return db.$transaction(
    async (tx) => {
      const { simulatedTurns, projectId, ...fields } = replay;
      const { id } = await tx.replay.create({
        data: { ...fields, projectId, target: replay.target as Prisma.InputJsonValue, parameters: replay.parameters as Prisma.InputJsonValue, judge: (replay.judge as Prisma.InputJsonValue | null) ?? Prisma.DbNull, evaluate: (replay.evaluate as Prisma.InputJsonValue | null) ?? Prisma.DbNull },
        select: { id: true },
      });
      const total = simulatedTurns ? await insertSimulatedItems(tx, id, replay.sourceDatasetId, simulatedTurns) : await insertTurnItems(tx, id, replay.sourceDatasetId);
      await tx.replay.update({ where: { id, projectId }, data: { totalItems: total } });
      return { id, totalItems: total };
    },
    { timeout: 5 * 60_000 },
  );
}


/**
 * One item per recorded assistant turn, in one INSERT … SELECT: the rows never pass through this
 * process (through the client, 2,000 rows cost a second of CPU before the first target call).
 * An item's id is the replay's and its source turn's, unique as they are.
 */
async function insertTurnItems(tx: Tx, replayId: string, datasetId: string): Promise<number> {
  return tx.$executeRaw`INSERT INTO "ReplayTurn" ("id", "replayId", "position", "turnIndex", "sourceTurnId", "updatedAt")
    SELECT ${replayId} || ':' || t."id", ${replayId}, c."position", t."index", t."id", ${new Date()}
    FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId"
    WHERE c."datasetId" = ${datasetId} AND t."role" = 'assistant'`;
}

async function insertSimulatedItems(tx: Tx, replayId: string, datasetId: string, maxTurns: number): Promise<number> {
  let total = 0;
  for (let from = 0; ; from += CONVERSATIONS_PER_READ) {
    const conversations = await tx.conversation.findMany({
      where: { datasetId, position: { gte: from, lt: from + CONVERSATIONS_PER_READ } },
      orderBy: { position: 'asc' },
      select: { position: true, scenario: true, turns: { where: { role: 'assistant' }, orderBy: { index: 'asc' }, select: { id: true, index: true } } },
    });
    if (conversations.length === 0) return total;
    const rows = conversations.flatMap((c) => simulatedRows(replayId, c, maxTurns));
    for (let i = 0; i < rows.length; i += TURNS_PER_INSERT) await tx.replayTurn.createMany({ data: rows.slice(i, i + TURNS_PER_INSERT) });
    total += rows.filter((r) => !('status' in r)).length;
  }
}

/**
 * Simulated-user mode: one item per exchange, the reply at index 2k+1 (the user message before
 * it at 2k), up to maxTurns; those past the end of the conversation are deleted. Linked to the
 * recorded assistant turn at the same index, none ('') past the recorded length. A conversation
 * without a scenario gets one skipped item saying why, not counted in the work to do.
 */
function simulatedRows(replayId: string, c: { position: number; scenario: string | null; turns: { id: string; index: number }[] }, maxTurns: number) {
  if (!c.scenario?.trim()) return [{ replayId, position: c.position, turnIndex: 0, sourceTurnId: '', status: 'skipped', error: NO_SCENARIO }];
  const recorded = new Map(c.turns.map((t) => [t.index, t.id]));
  return Array.from({ length: maxTurns }, (_, k) => ({ replayId, position: c.position, turnIndex: 2 * k + 1, sourceTurnId: recorded.get(2 * k + 1) ?? '' }));
}
