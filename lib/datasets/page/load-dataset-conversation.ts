import 'server-only';
import { getDb } from '../../db/client';
import { getConversation, type ConversationDetail } from '../../db/queries/datasets/get-conversation';

/** The dataset's conversation page: the conversation with its turns, the dataset's name and its neighbours in file order. NOT_FOUND when the dataset does not hold it. */
export const loadDatasetConversation = (datasetId: string, conversationId: string): Promise<ConversationDetail> => getConversation(getDb(), datasetId, conversationId);
