import type { Db } from '../../db-types';

export interface TrendRunRow {
  id: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  status: string;
  summary: unknown;
  metricSettings: unknown;
  judgeKind: string;
  judgeName: string | null;
  judgeModel: string;
  createdAt: Date;
  finishedAt: Date | null;
}

const FINISHED = ['completed', 'completed_with_errors'];

/** The latest `take` finished runs on some datasets of a project, oldest first (the order a trend is drawn in). */
export async function listTrendRuns(db: Db, projectId: string, datasetIds: string[], take: number): Promise<TrendRunRow[]> {
  const rows = await db.run.findMany({
    where: { projectId, datasetId: { in: datasetIds }, status: { in: FINISHED } },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
    select: {
      id: true,
      datasetId: true,
      dataset: { select: { name: true } },
      modelVersion: true,
      status: true,
      summary: true,
      metricSettings: true,
      judgeKind: true,
      judgeName: true,
      judgeModel: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  return rows.reverse().map(({ dataset, ...r }) => ({ ...r, datasetName: dataset.name }));
}
