import type { Db } from '../db/db-types';
import { conversationRow, turnRow } from '../db/queries/datasets/save-dataset';
import { createSequentialIds } from '../db/sequential-ids';
import {
  listAnsweredCalls,
  listStoredLiveConversations,
  listTraceOwners,
  liveDatasetOf,
  LiveCountsMoved,
  nextPositionOf,
  readLiveCounts,
  writeLiveConversations,
  type LiveConversationWrite,
} from '../db/queries/ingest/live-conversations';
import { isUniqueViolation } from '../db/unique-violation';
import { liveConversationIdOf, traceOnlyId, tracesOfConversations } from '../db/queries/ingest/live-conversation-ids';
import { emptyProfile } from '../metrics/applicability-profile';
import { addCounts, countsFromJson, totalOf, type RedactionCounts } from '../pii/kinds';
import { initialLiveRedaction } from '../redaction/live-redaction';
import { liveConversationOf, nextLiveCounts } from './live-applicable-counts';

interface TurnPair {
  /** The LLM call's span: exported evaluation results are parented to it. */
  otel: { traceId: string; spanId: string; responseId?: string };
  startedAt: Date;
  user: string;
  assistant: string;
  retrieved: string[] | null;
  toolCalls: unknown;
  /** Attributes kept as labels (a model version), shown in the answer's metadata. */
  labels: unknown;
  /** Personal data redacted from the pair (its texts, tool calls and its trace's documents), by kind. */
  redactions: RedactionCounts;
}

export { liveConversationIdOf };

/** The conversation each trace belongs to (the one its spans named, else the trace alone) and its service. */
async function conversationsOfTraces(db: Db, projectId: string, traceIds: string[]): Promise<Map<string, { conversationId: string; service: string | null }>> {
  const { traces, calls } = await listTraceOwners(db, projectId, traceIds);
  const trace = new Map(traces.map((t) => [t.traceId, t]));
  const callConversation = new Map<string, string>();
  const callService = new Map<string, string>();
  for (const c of calls) {
    if (c.conversationId && !callConversation.has(c.traceId)) callConversation.set(c.traceId, c.conversationId);
    if (c.service && !callService.has(c.traceId)) callService.set(c.traceId, c.service);
  }
  return new Map(
    traceIds.map((id) => [
      id,
      {
        conversationId: liveConversationIdOf(id, trace.get(id)?.conversationId ?? callConversation.get(id)),
        service: trace.get(id)?.service ?? callService.get(id) ?? null,
      },
    ]),
  );
}

/**
 * Each trace's turn, with the trace's retrieved documents: the trace's own input and output when
 * deepeval said them, else its last LLM call with both a user message and an answer.
 */
async function turnsOfTraces(db: Db, projectId: string, traceIds: string[]): Promise<Map<string, TurnPair>> {
  const out = new Map<string, TurnPair>();
  const calls = await listAnsweredCalls(db, projectId, traceIds);
  // A stable sort: deepeval's trace-level turn first, the LLM calls after it latest first.
  calls.sort((a, b) => Number(b.shape === 'deepeval') - Number(a.shape === 'deepeval'));
  for (const call of calls) {
    if (out.has(call.traceId) || !call.userText || !call.assistantText) continue;
    out.set(call.traceId, {
      otel: { traceId: call.traceId, spanId: call.spanId, ...(call.responseId ? { responseId: call.responseId } : {}) },
      startedAt: call.at,
      user: call.userText,
      assistant: call.assistantText,
      retrieved: Array.isArray(call.retrieved) ? (call.retrieved as string[]) : null,
      toolCalls: call.toolCalls ?? null,
      labels: call.labels ?? null,
      redactions: call.redactions.reduce((sum: RedactionCounts, counts) => addCounts(sum, countsFromJson(counts)), {}),
    });
  }
  return out;
}

/** What a live dataset made now starts redacting (TURNWISE_LIVE_REDACT), as stored. */
const newLiveRedaction = (db: Db, env: Record<string, string | undefined>) => async () => {
  const initial = await initialLiveRedaction(db, env);
  return initial ? { ...initial } : null;
};

/** A conversation's redactions from its pairs, as the JSON text its row stores (null: none). */
function redactionsOf(pairs: TurnPair[]): string | null {
  const sum = pairs.reduce((all: RedactionCounts, pair) => addCounts(all, pair.redactions), {});
  return totalOf(sum) > 0 ? JSON.stringify(sum) : null;
}

const answerKey = (pair: TurnPair) => `${pair.otel.traceId}:${pair.otel.spanId}`;

/** Rows of the pairs from `from` on: a user turn and its answer each. */
function pairRows(conversationId: string, pairs: TurnPair[], from: number, nextId: () => string): unknown[][] {
  return pairs.slice(from).flatMap((pair, i) => [
    turnRow({ id: nextId(), conversationId, index: (from + i) * 2, role: 'user', content: pair.user }),
    turnRow({
      id: nextId(),
      conversationId,
      index: (from + i) * 2 + 1,
      role: 'assistant',
      content: pair.assistant,
      retrievalContext: pair.retrieved ? JSON.stringify(pair.retrieved) : null,
      toolsCalled: pair.toolCalls ? JSON.stringify(pair.toolCalls) : null,
      metadata: JSON.stringify({ otel: pair.otel, ...(pair.labels ? { labels: pair.labels } : {}) }),
    }),
  ]);
}

/**
 * Writes the given conversations of a live dataset from the stored facts, in one transaction.
 * A stored conversation keeps its turns up to the first one that differs or whose trace got new
 * facts (`changedTraces`); only the turns from there are written again, so a conversation that
 * grew by a turn costs that turn.
 */
async function writeConversations(db: Db, projectId: string, datasetId: string, conversationIds: string[], orphans: string[], changedTraces: Set<string>): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    // Reads stay outside the transaction: on SQLite, two processes whose transactions both read
    // before writing would each wait for the other's lock. The writes alone are one transaction.
    const traces = await tracesOfConversations(db, projectId, conversationIds);
    const pairsOfTrace = await turnsOfTraces(db, projectId, [...new Set([...traces.values()].flatMap((s) => [...s]))]);
    // The counts' version first: a conversation written after it moves it, and the write then reads again.
    const held = await readLiveCounts(db, datasetId);
    const stored = await listStoredLiveConversations(db, datasetId, [...new Set([...orphans, ...conversationIds])]);
    let nextPosition = await nextPositionOf(db, datasetId);
    const nextId = createSequentialIds();
    const written: ReturnType<typeof liveConversationOf>[] = [];
    const write: LiveConversationWrite = { remove: [...orphans], conversations: [], cut: [], turns: [], touched: [], added: { conversations: 0, turns: 0 }, version: held.version };
    for (const conversationId of conversationIds) {
      const pairs = [...(traces.get(conversationId) ?? [])].flatMap((t) => pairsOfTrace.get(t) ?? []).sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime());
      const before = stored.get(conversationId);
      if (!pairs.length) {
        if (before) write.remove.push(conversationId);
        continue;
      }
      let id: string;
      let from = 0;
      if (before) {
        id = before.id;
        const same = Math.min(before.answers.length, pairs.length);
        while (from < same && before.answers[from] === answerKey(pairs[from]) && !changedTraces.has(pairs[from].otel.traceId)) from++;
        if (from * 2 < before.turnCount) write.cut.push({ conversationId: id, fromIndex: from * 2 });
      } else {
        id = nextId();
      }
      const redactions = redactionsOf(pairs);
      if (!before) {
        write.conversations.push(
          conversationRow({ id, datasetId, position: nextPosition++, externalId: conversationId, matchKey: conversationId, firstUserMessage: pairs[0].user.slice(0, 500), turnCount: pairs.length * 2, redactions }),
        );
      }
      write.turns.push(...pairRows(id, pairs, from, nextId));
      if (before) write.touched.push({ id, turnCount: pairs.length * 2, firstUserMessage: pairs[0].user.slice(0, 500), redactions });
      write.added.conversations += before ? 0 : 1;
      write.added.turns += pairs.length * 2 - (before?.turnCount ?? 0);
      written.push(liveConversationOf(conversationId, pairs));
    }
    for (const key of new Set(write.remove)) {
      const gone = stored.get(key);
      if (gone) write.added = { conversations: write.added.conversations - 1, turns: write.added.turns - gone.turnCount };
    }
    const next = nextLiveCounts(held.stored, [...stored.values()].map((c) => c.conversation), written);
    if (next) write.counts = next;
    try {
      await writeLiveConversations(db, datasetId, write);
      return;
    } catch (error) {
      // Another worker took a position for a new conversation, wrote a turn of one or the dataset's counts, meanwhile: read again.
      if (!(isUniqueViolation(error) || error instanceof LiveCountsMoved) || attempt >= 5) throw error;
    }
  }
}

/** Rewrites what changed of the live conversations the given traces of a project belong to, with their datasets' counts. */
export async function materializeTraces(db: Db, projectId: string, traceIds: Iterable<string>, env: Record<string, string | undefined> = process.env): Promise<void> {
  const ids = [...new Set(traceIds)];
  if (!ids.length) return;
  const touched = new Map<string, { conversations: Set<string>; orphans: Set<string> }>();
  const datasetOf = new Map<string, string>();
  for (const [traceId, { conversationId, service }] of await conversationsOfTraces(db, projectId, ids)) {
    if (!service) continue;
    const datasetId = datasetOf.get(service) ?? (await liveDatasetOf(db, projectId, service, emptyProfile(), newLiveRedaction(db, env)));
    datasetOf.set(service, datasetId);
    const entry = touched.get(datasetId) ?? { conversations: new Set<string>(), orphans: new Set<string>() };
    entry.conversations.add(conversationId);
    if (traceOnlyId(conversationId) === null) entry.orphans.add(liveConversationIdOf(traceId));
    touched.set(datasetId, entry);
  }
  const changed = new Set(ids);
  for (const [datasetId, { conversations, orphans }] of touched) {
    await writeConversations(db, projectId, datasetId, [...conversations], [...orphans], changed);
  }
}
