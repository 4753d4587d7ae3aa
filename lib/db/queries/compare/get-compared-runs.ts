import type { Db } from '../../db-types';
import { notFound } from '../../not-found';

export interface ComparedRun {
  id: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  judgeKind: string;
  judgeModel: string;
  status: string;
  metricSettings: unknown;
  createdAt: Date;
  finishedAt: Date | null;
}

/** The runs of a comparison in a project, in the order asked; an unknown id (or one of another project) throws NOT_FOUND naming it. */
export async function getComparedRuns(db: Db, projectId: string, ids: string[]): Promise<ComparedRun[]> {
  const rows = await db.run.findMany({
    where: { projectId, id: { in: ids } },
    select: {
      id: true,
      datasetId: true,
      dataset: { select: { name: true } },
      modelVersion: true,
      judgeKind: true,
      judgeModel: true,
      status: true,
      metricSettings: true,
      createdAt: true,
      finishedAt: true,
    },
  });
  const byId = new Map(rows.map(({ dataset, ...r }) => [r.id, { ...r, datasetName: dataset.name }]));
  return ids.map((id) => {
    const run = byId.get(id);
    if (!run) throw notFound('Run', id);
    return run;
  });
}
