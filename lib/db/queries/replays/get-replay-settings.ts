import type { Db } from '../../db-types';

/** What a worker needs of a replay to generate and close it: where from, how, with what. */
// across projects: a worker's own replay (its project comes with it).
export async function getReplaySettingsRow(db: Db, id: string) {
  return db.replay.findUniqueOrThrow({
    where: { id },
    select: { id: true, projectId: true, sourceDatasetId: true, modelVersion: true, mode: true, target: true, parameters: true, judge: true, evaluate: true, createdById: true },
  });
}

export type ReplaySettingsRow = Awaited<ReturnType<typeof getReplaySettingsRow>>;

/** The source dataset's name and size, as a replay reads it. */
// across projects: the source of a replay already found in its project.
export async function getReplaySource(db: Db, datasetId: string): Promise<{ name: string; conversationCount: number }> {
  return db.dataset.findUniqueOrThrow({ where: { id: datasetId }, select: { name: true, conversationCount: true } });
}

/** The names of a project's datasets by id (those that exist there). */
export async function listDatasetNames(db: Db, projectId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.dataset.findMany({ where: { projectId, id: { in: [...ids] } }, select: { id: true, name: true } });
  return new Map(rows.map((d) => [d.id, d.name]));
}

/** Who started a replay of a project and the name of the dataset it read (the replay page). */
export async function getReplayOwnerAndSource(db: Db, projectId: string, id: string): Promise<{ createdById: string | null; sourceDatasetName: string }> {
  const row = await db.replay.findUniqueOrThrow({ where: { id, projectId }, select: { createdById: true, sourceDataset: { select: { name: true } } } });
  return { createdById: row.createdById, sourceDatasetName: row.sourceDataset.name };
}
