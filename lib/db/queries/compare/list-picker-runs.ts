import type { Db } from '../../db-types';

export interface PickerRun {
  id: string;
  datasetId: string;
  datasetName: string;
  modelVersion: string | null;
  judgeKind: string;
  judgeModel: string;
  status: string;
  summary: unknown;
  createdAt: Date;
}

export interface PickerFilters {
  datasetId?: string;
  modelVersion?: string;
}

/** One page of a project's runs for the comparison picker, newest first, with what the filters can offer. */
export async function listPickerRuns(
  db: Db,
  projectId: string,
  filters: PickerFilters,
  page: { skip: number; take: number },
): Promise<{
  runs: PickerRun[];
  total: number;
  datasets: { id: string; name: string; createdAt: Date }[];
  modelVersions: string[];
}> {
  const where = {
    projectId,
    ...(filters.datasetId ? { datasetId: filters.datasetId } : {}),
    ...(filters.modelVersion ? { modelVersion: filters.modelVersion } : {}),
  };
  const [rows, total, datasets, versions] = await Promise.all([
    db.run.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: page.skip,
      take: page.take,
      select: {
        id: true,
        datasetId: true,
        dataset: { select: { name: true } },
        modelVersion: true,
        judgeKind: true,
        judgeModel: true,
        status: true,
        summary: true,
        createdAt: true,
      },
    }),
    db.run.count({ where }),
    db.dataset.findMany({ where: { projectId, runs: { some: {} } }, orderBy: { name: 'asc' }, select: { id: true, name: true, createdAt: true } }),
    db.run.findMany({ where: { projectId, modelVersion: { not: null } }, distinct: ['modelVersion'], orderBy: { modelVersion: 'asc' }, select: { modelVersion: true } }),
  ]);
  return {
    runs: rows.map(({ dataset, ...r }) => ({ ...r, datasetName: dataset.name })),
    total,
    datasets,
    modelVersions: versions.map((v) => v.modelVersion!).filter(Boolean),
  };
}
