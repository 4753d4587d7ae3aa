import type { Db } from '../../db-types';
import { runProgressSelect } from './list-run-progress';

export interface RunListItem {
  id: string;
  datasetId: string;
  judgeCalls: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  rateLimitRefusals: number;
  rateLimitedSince: Date | null;
  startedAt: Date | null;
  datasetName: string;
  modelVersion: string | null;
  judgeKind: string;
  judgeModel: string;
  status: string;
  totalItems: number;
  doneItems: number;
  errorItems: number;
  summary: unknown;
  createdAt: Date;
  finishedAt: Date | null;
}

/** A project's runs (of one dataset, when given), newest first. */
export async function listRuns(db: Db, projectId: string, options: { datasetId?: string; take?: number } = {}): Promise<RunListItem[]> {
  const rows = await db.run.findMany({
    where: { projectId, ...(options.datasetId ? { datasetId: options.datasetId } : {}) },
    orderBy: { createdAt: 'desc' },
    take: options.take ?? 100,
    select: {
      ...runProgressSelect,
      datasetId: true,
      dataset: { select: { name: true } },
      modelVersion: true,
      judgeKind: true,
      judgeModel: true,
      summary: true,
    },
  });
  return rows.map(({ dataset, ...r }) => ({ ...r, datasetName: dataset.name }));
}
