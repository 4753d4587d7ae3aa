import type { Db } from '../db-types';
import { notFound } from '../not-found';

export async function getRun(db: Db, id: string) {
  const run = await db.run.findUnique({
    where: { id },
    select: {
      id: true,
      datasetId: true,
      dataset: { select: { name: true, conversationCount: true } },
      modelVersion: true,
      judgeKind: true,
      judgeName: true,
      judgeModel: true,
      metricSettings: true,
      concurrency: true,
      status: true,
      totalItems: true,
      doneItems: true,
      errorItems: true,
      judgeCalls: true,
      cacheHits: true,
      promptTokens: true,
      completionTokens: true,
      costUsd: true,
      rateLimitRefusals: true,
      rateLimitedSince: true,
      error: true,
      summary: true,
      scoreStats: true,
      createdAt: true,
      createdById: true,
      startedAt: true,
      finishedAt: true,
    },
  });
  if (!run) throw notFound('Run', id);
  return run;
}
