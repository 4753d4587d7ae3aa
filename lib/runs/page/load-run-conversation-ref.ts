import 'server-only';
import { getDb } from '../../db/client';
import { getConversationRef } from '../../db/queries/conversations/get-conversation-ref';

/** The run conversation's layout check: the conversation belongs to the run's dataset. NOT_FOUND for an unknown run or conversation. */
export const loadRunConversationRef = (projectId: string, runId: string, conversationId: string) => getConversationRef(getDb(), projectId, conversationId, { runId });
