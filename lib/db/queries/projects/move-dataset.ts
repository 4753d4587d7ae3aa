import type { Db } from '../../db-types';

export interface MovableDataset {
  id: string;
  name: string;
  /** Made by an online rule or fed by live traffic: it belongs where its rule and its senders are. */
  live: boolean;
  /** deepeval aliases it is a version of, with their versions (names within a project). */
  versions: { alias: string; source: string; version: string }[];
}

/** A dataset of a project with what decides whether it may move; null when the project has none of that id. */
export async function getMovableDataset(db: Db, projectId: string, id: string): Promise<MovableDataset | null> {
  const row = await db.dataset.findUnique({ where: { id, projectId, importing: false }, select: { id: true, name: true, onlineRuleId: true } });
  if (!row) return null;
  const [live, versions] = await Promise.all([
    db.liveDataset.count({ where: { projectId, datasetId: id } }),
    db.datasetVersion.findMany({ where: { projectId, datasetId: id }, select: { alias: true, source: true, version: true } }),
  ]);
  return { id: row.id, name: row.name, live: live > 0 || row.onlineRuleId !== null, versions };
}

/** Which of these alias versions the project has already (a moved version must not take a name it uses). */
export async function listTakenVersions(db: Db, projectId: string, versions: MovableDataset['versions']): Promise<string[]> {
  if (versions.length === 0) return [];
  const taken = await db.datasetVersion.findMany({ where: { projectId, OR: versions.map((v) => ({ alias: v.alias, source: v.source, version: v.version })) }, select: { alias: true, version: true } });
  return taken.map((t) => `${t.alias} version ${t.version}`);
}

/**
 * Moves a dataset with its runs, the replays that read it, its alias versions and the imports its
 * runs came from to another project, in one transaction; the number of runs moved. Its
 * conversations, results and labels belong to it and go with it.
 */
export async function moveDatasetRows(db: Db, fromProjectId: string, toProjectId: string, datasetId: string): Promise<{ runs: number }> {
  return db.$transaction(async (tx) => {
    const moved = await tx.dataset.updateMany({ where: { id: datasetId, projectId: fromProjectId }, data: { projectId: toProjectId } });
    if (moved.count === 0) return { runs: 0 };
    const runIds = (await tx.run.findMany({ where: { projectId: fromProjectId, datasetId }, select: { id: true } })).map((r) => r.id);
    await tx.run.updateMany({ where: { projectId: fromProjectId, datasetId }, data: { projectId: toProjectId } });
    await tx.replay.updateMany({ where: { projectId: fromProjectId, sourceDatasetId: datasetId }, data: { projectId: toProjectId } });
    await tx.datasetVersion.updateMany({ where: { projectId: fromProjectId, datasetId }, data: { projectId: toProjectId } });
    if (runIds.length) await tx.runImport.updateMany({ where: { projectId: fromProjectId, id: { in: runIds } }, data: { projectId: toProjectId } });
    return { runs: runIds.length };
  });
}
