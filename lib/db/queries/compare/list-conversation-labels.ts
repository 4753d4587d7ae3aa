import type { Db } from '../../db-types';

export interface ConversationLabel {
  id: string;
  /** What a person calls the conversation: its name, else external id, scenario, first message, position. */
  label: string;
  position: number;
}

/** Display names of some conversations (one page of a comparison table). */
export async function listConversationLabels(db: Db, ids: string[]): Promise<Map<string, ConversationLabel>> {
  if (ids.length === 0) return new Map();
  const rows = await db.conversation.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, externalId: true, scenario: true, firstUserMessage: true, position: true },
  });
  return new Map(
    rows.map((c) => [
      c.id,
      { id: c.id, position: c.position, label: c.name ?? c.externalId ?? c.scenario ?? c.firstUserMessage?.slice(0, 80) ?? `#${c.position + 1}` },
    ]),
  );
}
