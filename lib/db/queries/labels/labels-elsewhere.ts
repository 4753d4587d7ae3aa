import type { Db } from '../../db-types';

/** The other datasets of the project: reviews never travel between projects. */
const outside = (projectId: string, datasetId: string) => ({ conversation: { datasetId: { not: datasetId }, dataset: { projectId } } });

/** Reviews given to turns of the project's datasets other than this one. */
export const countLabelsOutsideDataset = (db: Db, projectId: string, datasetId: string): Promise<number> => db.turnLabel.count({ where: outside(projectId, datasetId) });

/** Reviews in the project's other datasets of turns whose content hashes are among `hashes`. */
export const listLabelsOutsideDataset = (db: Db, projectId: string, datasetId: string, hashes: string[]) =>
  db.turnLabel.findMany({
    where: { ...outside(projectId, datasetId), contentHash: { in: hashes } },
    select: { contentHash: true, metric: true, verdict: true, reviewerEmail: true },
  });
