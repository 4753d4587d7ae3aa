import type { Db } from '../db-types';

export interface RunListItem {
  id: string;
  datasetId: string;
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

export async function listRuns(db: Db, options: { datasetId?: string; take?: number } = {}): Promise<RunListItem[]> {
  const rows = await db.run.findMany({
    where: options.datasetId ? { datasetId: options.datasetId } : undefined,
    orderBy: { createdAt: 'desc' },
    take: options.take ?? 100,
    select: {
      id: true,
      datasetId: true,
      dataset: { select: { name: true } },
      modelVersion: true,
      judgeKind: true,
      judgeModel: true,
      status: true,
      totalItems: true,
      doneItems: true,
      errorItems: true,
      summary: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  return rows.map(({ dataset, ...r }) => ({ ...r, datasetName: dataset.name }));
}
