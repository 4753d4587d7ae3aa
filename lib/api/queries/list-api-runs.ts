import type { Db } from '../../db/queries/db-types';
import { parseRunSummary, type RunSummary } from '../../domain/run-summary';

export interface RunFilter {
  datasetId?: string;
  status?: string;
  modelVersion?: string;
}

/** A run as GET /api/v1/runs lists it: GET /api/v1/runs/:id without a live summary (a finished run's stored one, else {}). */
export interface RunListEntry {
  id: string;
  status: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  judge: { kind: string; name: string | null; model: string };
  progress: { done: number; total: number; errors: number };
  summary: RunSummary;
  error: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** One page of runs, newest first, and how many match. */
export async function listApiRuns(db: Db, filter: RunFilter, page: { skip: number; take: number }): Promise<{ items: RunListEntry[]; total: number }> {
  const where = {
    ...(filter.datasetId ? { datasetId: filter.datasetId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.modelVersion ? { modelVersion: filter.modelVersion } : {}),
  };
  const [rows, total] = await Promise.all([
    db.run.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
      select: {
        id: true,
        status: true,
        datasetId: true,
        dataset: { select: { name: true } },
        modelVersion: true,
        judgeKind: true,
        judgeName: true,
        judgeModel: true,
        doneItems: true,
        totalItems: true,
        errorItems: true,
        summary: true,
        error: true,
        createdAt: true,
        startedAt: true,
        finishedAt: true,
      },
    }),
    db.run.count({ where }),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    status: r.status,
    datasetId: r.datasetId,
    datasetName: r.dataset.name,
    modelVersion: r.modelVersion,
    judge: { kind: r.judgeKind, name: r.judgeName, model: r.judgeModel },
    progress: { done: r.doneItems, total: r.totalItems, errors: r.errorItems },
    summary: r.summary === null ? {} : parseRunSummary(r.summary),
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    startedAt: r.startedAt?.toISOString() ?? null,
    finishedAt: r.finishedAt?.toISOString() ?? null,
  }));
  return { items, total };
}
