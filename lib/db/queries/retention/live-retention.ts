import type { Db } from '../../db-types';
import { byProject, type ProjectScope } from '../../project-scope';

/** How long each kind of a live dataset's data is kept, in days; null: kept (OTLP bodies: the server's default). */
export interface RetentionDays {
  keepOtlpDays: number | null;
  keepConversationsDays: number | null;
  keepOnlineRunsDays: number | null;
  keepReplayOutputsDays: number | null;
}

export interface LiveRetention extends RetentionDays {
  projectId: string;
  service: string;
  datasetId: string;
}

const SELECT = { projectId: true, service: true, datasetId: true, keepOtlpDays: true, keepConversationsDays: true, keepOnlineRunsDays: true, keepReplayOutputsDays: true } as const;

/** A live dataset's retention, or null when the dataset is not a live one (of the project; ANY_PROJECT: the worker's). */
export function getLiveRetention(db: Db, scope: ProjectScope, datasetId: string): Promise<LiveRetention | null> {
  return db.liveDataset.findUnique({ where: { datasetId, ...byProject(scope) }, select: SELECT });
}

export async function setLiveRetention(db: Db, projectId: string, datasetId: string, days: RetentionDays): Promise<LiveRetention> {
  return db.liveDataset.update({ where: { datasetId, projectId }, data: days, select: SELECT });
}

/** The live datasets that keep some kind of their data for a number of days (across projects: the retention worker's pass over every project). */
export function listLiveRetention(db: Db): Promise<LiveRetention[]> {
  return db.liveDataset.findMany({
    where: { OR: [{ keepOtlpDays: { not: null } }, { keepConversationsDays: { not: null } }, { keepOnlineRunsDays: { not: null } }, { keepReplayOutputsDays: { not: null } }] },
    orderBy: { service: 'asc' },
    select: SELECT,
  });
}
