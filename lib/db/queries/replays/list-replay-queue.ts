import type { Db } from '../../db-types';

/**
 * The replays workers are generating now (the first few, oldest first) and the replays waiting,
 * in the order workers take them. Across projects: the workers take every project's replays in
 * one queue; the caller shows another project's replay without its name.
 */
export async function listReplayQueue(db: Db, take = 3): Promise<{
  running: { id: string; projectId: string; modelVersion: string; datasetName: string; doneItems: number; totalItems: number }[];
  runningCount: number;
  queued: { id: string }[];
}> {
  const live = { status: { in: ['running', 'finishing'] } };
  const [running, runningCount, queued] = await Promise.all([
    db.replay.findMany({
      where: live,
      orderBy: { startedAt: 'asc' },
      take,
      select: { id: true, projectId: true, modelVersion: true, doneItems: true, totalItems: true, sourceDataset: { select: { name: true } } },
    }),
    db.replay.count({ where: live }),
    db.replay.findMany({ where: { status: 'queued' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1000, select: { id: true } }),
  ]);
  return { running: running.map(({ sourceDataset, ...r }) => ({ ...r, datasetName: sourceDataset.name })), runningCount, queued };
}
