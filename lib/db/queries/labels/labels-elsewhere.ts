import type { Db } from '../../db-types';

const outside = (datasetId: string) => ({ conversation: { datasetId: { not: datasetId } } });

/** Reviews given to turns of datasets other than this one. */
export const countLabelsOutsideDataset = (db: Db, datasetId: string): Promise<number> => db.turnLabel.count({ where: outside(datasetId) });

/** Reviews in other datasets of turns whose content hashes are among `hashes`. */
export const listLabelsOutsideDataset = (db: Db, datasetId: string, hashes: string[]) =>
  db.turnLabel.findMany({
    where: { ...outside(datasetId), contentHash: { in: hashes } },
    select: { contentHash: true, metric: true, verdict: true, reviewerEmail: true },
  });
