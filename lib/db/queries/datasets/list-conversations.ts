import type { Db } from '../db-types';

export interface ConversationListItem {
  id: string;
  position: number;
  externalId: string | null;
  name: string | null;
  scenario: string | null;
  firstUserMessage: string | null;
  turnCount: number;
}

export async function listConversations(
  db: Db,
  datasetId: string,
  page: { skip: number; take: number },
): Promise<{ rows: ConversationListItem[]; total: number }> {
  const [rows, total] = await Promise.all([
    db.conversation.findMany({
      where: { datasetId },
      orderBy: { position: 'asc' },
      skip: page.skip,
      take: page.take,
      select: { id: true, position: true, externalId: true, name: true, scenario: true, firstUserMessage: true, turnCount: true },
    }),
    db.conversation.count({ where: { datasetId } }),
  ]);
  return { rows, total };
}
