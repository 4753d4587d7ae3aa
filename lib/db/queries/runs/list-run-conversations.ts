import { conversationSchema, type Conversation } from '../../../metrics/types';
import type { Db } from '../db-types';

export interface RunConversation {
  id: string;
  position: number;
  conversation: Conversation;
}

const orUndefined = <T>(value: T | null): T | undefined => (value === null ? undefined : value);

/**
 * A dataset's conversations with their turns, rebuilt as the metrics take them (a null
 * column is an absent field, as it was before it was stored). `range` selects positions
 * from (inclusive) to (exclusive): one chunk of a run.
 */
export async function listRunConversations(
  db: Db,
  datasetId: string,
  range?: { from: number; to: number },
): Promise<RunConversation[]> {
  const rows = await db.conversation.findMany({
    where: { datasetId, ...(range ? { position: { gte: range.from, lt: range.to } } : {}) },
    orderBy: { position: 'asc' },
    select: {
      id: true,
      position: true,
      externalId: true,
      name: true,
      scenario: true,
      expectedOutcome: true,
      chatbotRole: true,
      userDescription: true,
      context: true,
      metadata: true,
      turns: {
        orderBy: { index: 'asc' },
        select: { role: true, content: true, retrievalContext: true, context: true, toolsCalled: true, expectedOutput: true, metadata: true },
      },
    },
  });
  return rows.map((row) => ({
    id: row.id,
    position: row.position,
    // Stored JSON is checked on the way out like any other input.
    conversation: conversationSchema.parse({
      externalId: orUndefined(row.externalId),
      name: orUndefined(row.name),
      scenario: orUndefined(row.scenario),
      expectedOutcome: orUndefined(row.expectedOutcome),
      chatbotRole: orUndefined(row.chatbotRole),
      userDescription: orUndefined(row.userDescription),
      context: orUndefined(row.context),
      metadata: orUndefined(row.metadata),
      turns: row.turns.map((t) => ({
        role: t.role,
        content: t.content,
        retrievalContext: orUndefined(t.retrievalContext),
        context: orUndefined(t.context),
        toolsCalled: orUndefined(t.toolsCalled),
        expectedOutput: orUndefined(t.expectedOutput),
        metadata: orUndefined(t.metadata),
      })),
    }),
  }));
}
