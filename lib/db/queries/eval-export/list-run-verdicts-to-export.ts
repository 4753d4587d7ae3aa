import { SUPERSEDED_DAY } from '../online/online-scores';
import type { Db } from '../../db-types';

export interface RunVerdictsToExport {
  runId: string;
  modelVersion: string | null;
  results: {
    metric: string;
    score: number | null;
    success: boolean;
    reason: string | null;
    error: string | null;
    conversationExternalId: string | null;
    /** The conversation's assistant turns with their metadata (a live turn's `otel` span). */
    assistantTurns: { index: number; metadata: unknown }[];
    verdicts: { turnIndex: number; verdict: string; score: number | null; reason: string }[];
  }[];
}

/**
 * A run's results (those stored after `since`, when given) and turn verdicts when its dataset is a
 * live (OTLP-fed) one or an online rule's day of production conversations; null otherwise (the
 * rule's superseded results were exported with their day).
 */
// across projects: the run a worker just closed, whose live dataset is in the run's project.
export async function listRunVerdictsToExport(db: Db, runId: string, since?: Date): Promise<RunVerdictsToExport | null> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { datasetId: true, modelVersion: true, dataset: { select: { onlineRuleId: true, onlineDay: true } } } });
  if (!run) return null;
  const online = run.dataset.onlineRuleId !== null && run.dataset.onlineDay !== SUPERSEDED_DAY;
  const live = online || (await db.liveDataset.findUnique({ where: { datasetId: run.datasetId }, select: { service: true } })) !== null;
  if (!live) return null;
  const results = await db.result.findMany({
    where: { runId, ...(since ? { createdAt: { gt: since } } : {}) },
    orderBy: [{ conversationId: 'asc' }, { metric: 'asc' }],
    select: {
      metric: true,
      score: true,
      success: true,
      reason: true,
      error: true,
      conversation: { select: { externalId: true, turns: { where: { role: 'assistant' }, orderBy: { index: 'asc' }, select: { index: true, metadata: true } } } },
      verdicts: { orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, score: true, reason: true } },
    },
  });
  return {
    runId,
    modelVersion: run.modelVersion,
    results: results.map(({ conversation, ...r }) => ({ ...r, conversationExternalId: conversation.externalId, assistantTurns: conversation.turns })),
  };
}
