import { z } from 'zod';
import type { Db } from '../../db-types';
import { readWarnings } from '../../rows/read-warnings';
import { notFound } from '../../not-found';
import { conversationLabel } from '../runs/list-run-conversation-scores';
import { parseTurnVerdictValue, type TurnVerdictValue } from '../../../domain/verdict';
import type { ResultRow } from '../../../domain/result-row';

export interface RunConversationTurn {
  index: number;
  role: string;
  content: string;
  retrievalContext: string[];
  /** People's verdicts on this turn by metric, from the dataset file. */
  labels: Record<string, 'yes' | 'no'>;
  context: string[];
  expectedOutput: string | null;
}

/** A stored result of the conversation; its steps and call records as stored (the loader reads them with the metric's view). */
export interface RunConversationResultRow extends Omit<ResultRow, 'conversation' | 'verdicts'> {
  steps: unknown;
  calls: unknown;
  judgeCalls: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export interface RunConversationRow {
  id: string;
  position: number;
  label: string;
  scenario: string | null;
  expectedOutcome: string | null;
  chatbotRole: string | null;
  userDescription: string | null;
  relevantTopics: string[];
  turns: RunConversationTurn[];
  results: RunConversationResultRow[];
  verdicts: { metric: string; turnIndex: number; verdict: TurnVerdictValue; score: number | null; reason: string }[];
  previousId: string | null;
  nextId: string | null;
}

const strings = z.array(z.string()).catch([]);
const stringList = (v: unknown): string[] => (v === null || v === undefined ? [] : strings.parse(v));

/** A conversation of a run's dataset with everything the run stored about it. */
/** Stored file labels as { metric: "yes" | "no" }. */
function fileLabels(value: unknown): Record<string, 'yes' | 'no'> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, 'yes' | 'no'] => e[1] === 'yes' || e[1] === 'no'));
}

export async function getRunConversationRow(db: Db, run: { id: string; datasetId: string }, conversationId: string): Promise<RunConversationRow> {
  const conversation = await db.conversation.findUnique({
    where: { id: conversationId },
    select: {
      id: true,
      datasetId: true,
      position: true,
      name: true,
      externalId: true,
      scenario: true,
      expectedOutcome: true,
      chatbotRole: true,
      userDescription: true,
      relevantTopics: true,
      turns: {
        orderBy: { index: 'asc' },
        select: { index: true, role: true, content: true, retrievalContext: true, context: true, expectedOutput: true, labels: true },
      },
    },
  });
  if (!conversation || conversation.datasetId !== run.datasetId) throw notFound('Conversation', conversationId);
  const [results, verdicts, previous, next] = await Promise.all([
    db.result.findMany({
      where: { runId: run.id, conversationId },
      select: {
        metric: true,
        score: true,
        success: true,
        threshold: true,
        reason: true,
        error: true,
        warnings: true,
        steps: true,
        calls: true,
        judgeCalls: true,
        cacheHits: true,
        promptTokens: true,
        completionTokens: true,
        costUsd: true,
      },
    }),
    db.turnVerdict.findMany({
      where: { runId: run.id, conversationId },
      orderBy: { turnIndex: 'asc' },
      select: { metric: true, turnIndex: true, verdict: true, score: true, reason: true },
    }),
    db.conversation.findFirst({
      where: { datasetId: run.datasetId, position: { lt: conversation.position } },
      orderBy: { position: 'desc' },
      select: { id: true },
    }),
    db.conversation.findFirst({
      where: { datasetId: run.datasetId, position: { gt: conversation.position } },
      orderBy: { position: 'asc' },
      select: { id: true },
    }),
  ]);
  return {
    id: conversation.id,
    position: conversation.position,
    label: conversationLabel(conversation),
    scenario: conversation.scenario,
    expectedOutcome: conversation.expectedOutcome,
    chatbotRole: conversation.chatbotRole,
    userDescription: conversation.userDescription,
    relevantTopics: stringList(conversation.relevantTopics),
    turns: conversation.turns.map((t) => ({
      index: t.index,
      role: t.role,
      content: t.content,
      retrievalContext: stringList(t.retrievalContext),
      context: stringList(t.context),
      expectedOutput: t.expectedOutput,
      labels: fileLabels(t.labels),
    })),
    results: results.map(({ warnings, ...r }) => ({ ...r, warnings: readWarnings(warnings) })),
    verdicts: verdicts.map((v) => ({ ...v, verdict: parseTurnVerdictValue(v.verdict) })),
    previousId: previous?.id ?? null,
    nextId: next?.id ?? null,
  };
}
