import { runTableSearch, type RunTableQuery } from '@/lib/domain/run-table-query';

/** The run page with a query (filters, sort, pages), some fields changed. */
export const runHref = (runId: string, query: RunTableQuery, changes: Partial<RunTableQuery> = {}): string =>
  `/runs/${runId}${runTableSearch(query, changes)}`;

/** A conversation of the run, at a turn when one is given (highlighted and scrolled to). */
export const runConversationHref = (runId: string, conversationId: string, turnIndex?: number): string =>
  `/runs/${runId}/conversations/${conversationId}${turnIndex === undefined ? '' : `?turn=${turnIndex}#turn-${turnIndex}`}`;
