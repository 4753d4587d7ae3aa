import type { Db } from '../../db-types';
import { listConversationTraces } from './live-conversations';

/*
 * How a live conversation is named by its traces: the conversation id its spans gave, else
 * "trace:<trace id>" for a trace that named none. Ingest writes conversations by it, retention
 * finds the facts a conversation was made of by it.
 */

const TRACE_PREFIX = 'trace:';

/** The id of the live conversation a trace lands in: the conversation its spans named, else the trace alone. */
export const liveConversationIdOf = (traceId: string, conversationId?: string | null): string => conversationId || `${TRACE_PREFIX}${traceId}`;

/** The trace a trace-only conversation is, or null for a conversation its spans named. */
export const traceOnlyId = (conversationId: string): string | null => (conversationId.startsWith(TRACE_PREFIX) ? conversationId.slice(TRACE_PREFIX.length) : null);

/**
 * The traces of each conversation: those a span named it in (a span naming a conversation
 * always makes its trace's fact, so the traces alone say it); a trace-only conversation is its trace.
 */
export async function tracesOfConversations(db: Db, projectId: string, conversationIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>(conversationIds.map((c) => [c, new Set(traceOnlyId(c) === null ? [] : [traceOnlyId(c)!])]));
  const named = conversationIds.filter((c) => traceOnlyId(c) === null);
  for (const row of await listConversationTraces(db, projectId, named)) if (row.conversationId) out.get(row.conversationId)?.add(row.traceId);
  return out;
}
