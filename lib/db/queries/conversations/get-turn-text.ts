import { z } from 'zod';
import type { TurnTextSource } from '../../../conversations/text-preview';
import { AppError } from '../../../errors';
import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

const strings = z.array(z.string()).catch([]);
const PART_NAMES = { content: 'content', expectedOutput: 'expected output', retrievalContext: 'retrieval context item', context: 'context item' } as const;

/** The whole text of one part of a stored turn: its content, its expected output, or one retrieval or context item. */
export async function getTurnText(db: Db, source: TurnTextSource): Promise<string> {
  const { conversationId, turnIndex, part, item = 0 } = source;
  const turn = await db.turn.findFirst({
    where: { conversationId, index: turnIndex },
    select: { content: part === 'content', expectedOutput: part === 'expectedOutput', retrievalContext: part === 'retrievalContext', context: part === 'context' },
  });
  if (!turn) throw notFound('Turn', `${turnIndex + 1} of conversation ${conversationId}`);
  const missing = () => new AppError('NOT_FOUND', `Turn ${turnIndex + 1} has no ${PART_NAMES[part]}${part === 'retrievalContext' || part === 'context' ? ` ${item + 1}` : ''}`);
  if (part === 'content' || part === 'expectedOutput') {
    const text = turn[part];
    if (typeof text !== 'string') throw missing();
    return text;
  }
  const list = strings.parse(turn[part] ?? []);
  if (item >= list.length) throw missing();
  return list[item];
}
