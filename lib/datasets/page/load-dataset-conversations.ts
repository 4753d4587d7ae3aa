import 'server-only';
import { getDb } from '../../db/client';
import { listConversations } from '../../db/queries/datasets/list-conversations';
import type { ConversationQuery } from '../../domain/conversation-query';
import type { PageRequest } from '../../format/pagination';

/** The dataset page's conversations panel: one page of the dataset's conversations, searched and sorted from the URL, and how many match. */
export const loadDatasetConversations = (projectId: string, datasetId: string, page: PageRequest, query: ConversationQuery) => listConversations(getDb(), projectId, datasetId, page, query);
