import type { Db } from '../../db-types';

/**
 * The runs workers are scoring now (the first few, oldest first) and the runs waiting, in the
 * order workers take them. Across projects: the workers take every project's runs in one queue;
 * the caller shows another project's run without its name (lib/runs/queue/waiting-behind.ts).
 */
export async function listRunQueue(db: Db, take = 3): Promise<{
  running: { id: string; projectId: string; modelVersion: string | null; datasetName: string; doneItems: number; totalItems: number }[];
  runningCount: number;
  queued: { id: string; createdAt: Date }[];
}> {
  const [running, runningCount, queued] = await Promise.all([
    db.run.findMany({
      where: { status: 'running' },
      orderBy: { startedAt: 'asc' },
      take,
      select: { id: true, projectId: true, modelVersion: true, doneItems: true, totalItems: true, dataset: { select: { name: true } } },
    }),
    db.run.count({ where: { status: 'running' } }),
    db.run.findMany({ where: { status: 'queued' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1000, select: { id: true, createdAt: true } }),
  ]);
  return { running: running.map(({ dataset, ...r }) => ({ ...r, datasetName: dataset.name })), runningCount, queued };
}
