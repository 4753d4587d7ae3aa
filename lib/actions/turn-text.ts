'use server';

import { z } from 'zod';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { getTurnText } from '../db/queries/conversations/get-turn-text';
import { failure, type ActionResult } from './action-result';
import { CONVERSATION_PARTS, TURN_PARTS } from '../conversations/text-preview';

const conversationId = z.string().min(1).max(100);
const sourceSchema = z.union([
  z.object({ conversationId, turnIndex: z.number().int().min(0), part: z.enum(TURN_PARTS), item: z.number().int().min(0).optional() }),
  z.object({ conversationId, field: z.enum(CONVERSATION_PARTS), item: z.number().int().min(0).optional() }),
]);
export type TurnTextInput = z.input<typeof sourceSchema>;

/** The whole of a turn's text, or of a conversation's field, that a conversation page showed only the start of ("show all"). */
export async function loadTurnTextAction(input: TurnTextInput): Promise<ActionResult & { text?: string }> {
  const who = await actionPrincipal('viewer');
  if (!who.ok) return who.refusal;
  const parsed = sourceSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: 'That turn could not be read.' };
  try {
    return { ok: true, text: await getTurnText(getDb(), who.principal.project.id, parsed.data) };
  } catch (error) {
    return failure(error);
  }
}
