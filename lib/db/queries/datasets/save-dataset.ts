import { randomUUID } from 'node:crypto';
import { conversationMatchKey } from '../../../conversations/match-key';
import type { Conversation } from '../../../metrics/types';
import type { Prisma } from '../../generated/sqlite/client';
import type { Db, Tx } from '../db-types';

export interface SaveDatasetInput {
  name: string;
  description?: string;
  modelVersion?: string;
  sourceFormat: string;
  sourceFileName?: string;
  /** All conversations, or batches of them as they are parsed (a large file is never held whole). */
  conversations: Conversation[] | AsyncIterable<Conversation[]>;
}

export interface SavedDataset {
  id: string;
  conversationCount: number;
  turnCount: number;
}

const BATCH = 500;

async function* batchesOf(source: SaveDatasetInput['conversations']): AsyncIterable<Conversation[]> {
  if (Array.isArray(source)) {
    for (let i = 0; i < source.length; i += BATCH) yield source.slice(i, i + BATCH);
  } else {
    yield* source;
  }
}

async function insertBatch(tx: Tx, datasetId: string, batch: Conversation[], offset: number): Promise<number> {
  const conversations = batch.map((c, i) => {
    const position = offset + i;
    return {
      id: randomUUID(),
      datasetId,
      position,
      externalId: c.externalId ?? null,
      name: c.name ?? null,
      scenario: c.scenario ?? null,
      expectedOutcome: c.expectedOutcome ?? null,
      chatbotRole: c.chatbotRole ?? null,
      userDescription: c.userDescription ?? null,
      context: c.context,
      metadata: c.metadata as Prisma.InputJsonObject | undefined,
      matchKey: conversationMatchKey(c, position),
      firstUserMessage: c.turns.find((t) => t.role === 'user')?.content.slice(0, 500) ?? null,
      turnCount: c.turns.length,
    };
  });
  await tx.conversation.createMany({ data: conversations });
  const turns = batch.flatMap((c, i) =>
    c.turns.map((t, index) => ({
      id: randomUUID(),
      conversationId: conversations[i].id,
      index,
      role: t.role,
      content: t.content,
      retrievalContext: t.retrievalContext,
      context: t.context,
      toolsCalled: t.toolsCalled as Prisma.InputJsonArray | undefined,
      expectedOutput: t.expectedOutput ?? null,
      metadata: t.metadata as Prisma.InputJsonObject | undefined,
    })),
  );
  for (let i = 0; i < turns.length; i += BATCH * 4) {
    await tx.turn.createMany({ data: turns.slice(i, i + BATCH * 4) });
  }
  return turns.length;
}

/**
 * Stores a dataset and its conversations in one transaction: a failure part-way (bad
 * batch, database error) leaves nothing behind.
 */
export async function saveDataset(db: Db, input: SaveDatasetInput): Promise<SavedDataset> {
  return db.$transaction(
    async (tx) => {
      const dataset = await tx.dataset.create({
        data: {
          name: input.name,
          description: input.description ?? null,
          modelVersion: input.modelVersion ?? null,
          sourceFormat: input.sourceFormat,
          sourceFileName: input.sourceFileName ?? null,
        },
        select: { id: true },
      });
      let conversationCount = 0;
      let turnCount = 0;
      for await (const batch of batchesOf(input.conversations)) {
        if (batch.length === 0) continue;
        turnCount += await insertBatch(tx, dataset.id, batch, conversationCount);
        conversationCount += batch.length;
      }
      await tx.dataset.update({ where: { id: dataset.id }, data: { conversationCount, turnCount } });
      return { id: dataset.id, conversationCount, turnCount };
    },
    { timeout: 30 * 60_000, maxWait: 60_000 },
  );
}
