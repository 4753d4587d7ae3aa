import { z } from 'zod';
import { AppError } from '../../errors';
import { conversationSchema, type Conversation } from '../../domain/conversation';

export function parseConversation(conversation: unknown): Conversation {
  const parsed = conversationSchema.safeParse(conversation);
  if (!parsed.success) {
    throw new AppError('BAD_INPUT', `Invalid conversation: ${z.prettifyError(parsed.error)}`, { issues: parsed.error.issues });
  }
  return parsed.data;
}
