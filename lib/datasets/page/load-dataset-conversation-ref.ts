import 'server-only';
import { getDb } from '../../db/client';
import { getConversationRef } from '../../db/queries/conversations/get-conversation-ref';

/** The dataset conversation's layout: that the dataset holds the conversation (one indexed row). NOT_FOUND otherwise. */
export const loadDatasetConversationRef = (projectId: string, datasetId: string, conversationId: string) => getConversationRef(getDb(), projectId, conversationId, { datasetId });
