import { z } from 'zod';
import { jsonText, type ConversationTextSource, type TextSource, type TurnTextSource } from '../../../conversations/text-preview';
import { AppError } from '../../../errors';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

const strings = z.array(z.string()).catch([]);
const PART_NAMES: Record<TurnTextSource['part'], string> = {
  content: 'content',
  expectedOutput: 'expected output',
  retrievalContext: 'retrieval context item',
  context: 'context item',
  toolsCalled: 'tool calls',
  expectedTools: 'expected tools',
  metadata: 'metadata',
};
const FIELD_NAMES: Record<ConversationTextSource['field'], string> = {
  scenario: 'scenario',
  expectedOutcome: 'expected outcome',
  chatbotRole: 'chatbot role',
  userDescription: 'user description',
  context: 'context item',
  availableTools: 'available tools',
  metadata: 'metadata',
};

/** The whole text of a conversation's own field: a text as it is, tools and metadata as `jsonText`. */
async function getConversationText(db: Db, projectId: string, { conversationId, field, item = 0 }: ConversationTextSource): Promise<string> {
  const row = await db.conversation.findUnique({ where: { id: conversationId, dataset: { projectId } }, select: { [field]: true } as Record<typeof field, true> });
  if (!row) throw notFound('Conversation', conversationId);
  const value = (row as Record<string, unknown>)[field];
  const missing = () => new AppError('NOT_FOUND', `The conversation has no ${FIELD_NAMES[field]}${field === 'context' ? ` ${item + 1}` : ''}`);
  if (field === 'context') {
    const items = strings.parse(value ?? []);
    if (item >= items.length) throw missing();
    return items[item];
  }
  if (value === null || value === undefined) throw missing();
  return typeof value === 'string' ? value : jsonText(value);
}

/**
 * The whole text of one part of a stored turn (its content, its expected output, one retrieval or
 * context item, its tool calls or metadata as JSON), or of one of the conversation's own fields;
 * a conversation of another project is not found.
 */
export async function getTurnText(db: Db, projectId: string, source: TextSource): Promise<string> {
  if ('field' in source) return getConversationText(db, projectId, source);
  const { conversationId, turnIndex, part, item = 0 } = source;
  const turn = await db.turn.findFirst({ where: { conversationId, index: turnIndex, conversation: { dataset: { projectId } } }, select: { [part]: true } as Record<typeof part, true> });
  if (!turn) throw notFound('Turn', `${turnIndex + 1} of conversation ${conversationId}`);
  const list = part === 'retrievalContext' || part === 'context';
  const missing = () => new AppError('NOT_FOUND', `Turn ${turnIndex + 1} has no ${PART_NAMES[part]}${list ? ` ${item + 1}` : ''}`);
  const value = (turn as Record<string, unknown>)[part];
  if (list) {
    const items = strings.parse(value ?? []);
    if (item >= items.length) throw missing();
    return items[item];
  }
  if (value === null || value === undefined) throw missing();
  return typeof value === 'string' ? value : jsonText(value);
}
