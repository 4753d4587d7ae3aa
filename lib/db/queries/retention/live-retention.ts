import type { Db } from '../../db-types';

/** How long each kind of a live dataset's data is kept, in days; null: kept (OTLP bodies: the server's default). */
export interface RetentionDays {
  keepOtlpDays: number | null;
  keepConversationsDays: number | null;
  keepOnlineRunsDays: number | null;
  keepReplayOutputsDays: number | null;
}

export interface LiveRetention extends RetentionDays {
  service: string;
  datasetId: string;
}

const SELECT = { service: true, datasetId: true, keepOtlpDays: true, keepConversationsDays: true, keepOnlineRunsDays: true, keepReplayOutputsDays: true } as const;

/** A live dataset's retention, or null when the dataset is not a live one. */
export function getLiveRetention(db: Db, datasetId: string): Promise<LiveRetention | null> {
  return db.liveDataset.findUnique({ where: { datasetId }, select: SELECT });
}

export async function setLiveRetention(db: Db, datasetId: string, days: RetentionDays): Promise<LiveRetention> {
  return db.liveDataset.update({ where: { datasetId }, data: days, select: SELECT });
}

/** The live datasets that keep some kind of their data for a number of days. */
export function listLiveRetention(db: Db): Promise<LiveRetention[]> {
  return db.liveDataset.findMany({
    where: { OR: [{ keepOtlpDays: { not: null } }, { keepConversationsDays: { not: null } }, { keepOnlineRunsDays: { not: null } }, { keepReplayOutputsDays: { not: null } }] },
    orderBy: { service: 'asc' },
    select: SELECT,
  });
}
