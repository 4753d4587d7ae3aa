import type { Db } from '../db-types';

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

/** A run's results and turn verdicts when its dataset is a live (OTLP-fed) one; null otherwise. */
export async function listRunVerdictsToExport(db: Db, runId: string): Promise<RunVerdictsToExport | null> {
  const run = await db.run.findUnique({ where: { id: runId }, select: { datasetId: true, modelVersion: true } });
  if (!run) return null;
  const live = await db.liveDataset.findUnique({ where: { datasetId: run.datasetId }, select: { service: true } });
  if (!live) return null;
  const results = await db.result.findMany({
    where: { runId },
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
