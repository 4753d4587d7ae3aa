import type { Db } from '../db/db-types';
import { listLiveRetention, type LiveRetention } from '../db/queries/retention/live-retention';
import { deleteServiceBodies } from '../db/queries/retention/otlp-bodies';
import { deleteExpiredLiveConversations, type KindOutcome } from './delete-live-conversations';
import { deleteExpiredOnlineCopies } from './delete-online-copies';
import { deleteExpiredReplayOutputs } from './delete-replay-outputs';
import { DELETE_AT_ONCE, DELETE_PER_PASS } from './otlp-default';
import { cutOff } from './preview-retention';
import { RETENTION_KINDS, type RetentionKey } from './retention-kinds';

/** Items of one kind a pass deletes at most; the rest wait for the next pass. */
const PER_PASS = 20_000;

export interface DatasetRetentionOutcome {
  datasetId: string;
  service: string;
  /** By kind, what the pass deleted (kinds the dataset keeps are absent). */
  kinds: Partial<Record<RetentionKey, KindOutcome>>;
}

/** Deletes the received bodies that carried `service`'s records processed before `before`, 500 a statement. */
async function deleteExpiredBodies(db: Db, projectId: string, service: string, before: Date, stopped: () => boolean): Promise<KindOutcome> {
  let deleted = 0;
  while (deleted < DELETE_PER_PASS && !stopped()) {
    const count = await deleteServiceBodies(db, projectId, service, before, DELETE_AT_ONCE);
    deleted += count;
    if (count < DELETE_AT_ONCE) break;
  }
  return { deleted, waiting: null };
}

function deleteKind(db: Db, live: LiveRetention, key: RetentionKey, before: Date, stopped: () => boolean): Promise<KindOutcome> {
  const options = { perPass: PER_PASS, stopped };
  switch (key) {
    case 'keepOtlpDays':
      return deleteExpiredBodies(db, live.projectId, live.service, before, stopped);
    case 'keepConversationsDays':
      return deleteExpiredLiveConversations(db, live.projectId, live.datasetId, before, options);
    case 'keepOnlineRunsDays':
      return deleteExpiredOnlineCopies(db, live.datasetId, before, options);
    case 'keepReplayOutputsDays':
      return deleteExpiredReplayOutputs(db, live.datasetId, before, options);
  }
}

/**
 * One retention pass at `now`: for every live dataset that keeps some kind of its data for a
 * number of days, what is older goes, kind by kind, in short deletes (each its own short
 * transaction, so that pages and ingest never wait long). What it deletes is what
 * previewRetention counts at the same `now`. A kind that fails is logged and the others go on.
 */
export async function applyRetention(db: Db, options: { now?: Date; stopped?: () => boolean; log?: (line: string) => void; datasetId?: string } = {}): Promise<DatasetRetentionOutcome[]> {
  const now = options.now ?? new Date();
  const stopped = options.stopped ?? (() => false);
  const out: DatasetRetentionOutcome[] = [];
  for (const live of await listLiveRetention(db)) {
    if (options.datasetId && live.datasetId !== options.datasetId) continue;
    const outcome: DatasetRetentionOutcome = { datasetId: live.datasetId, service: live.service, kinds: {} };
    for (const { key } of RETENTION_KINDS) {
      const days = live[key];
      if (days === null || stopped()) continue;
      try {
        outcome.kinds[key] = await deleteKind(db, live, key, cutOff(now, days), stopped);
      } catch (error) {
        options.log?.(`retention of ${live.service} (${key}) failed: ${(error as Error).message}`);
      }
    }
    out.push(outcome);
  }
  return out;
}

/** The services (of each project) whose live datasets keep received bodies for a number of days of their own. */
export async function servicesKeepingBodies(db: Db): Promise<{ projectId: string; service: string }[]> {
  return (await listLiveRetention(db)).filter((l) => l.keepOtlpDays !== null).map((l) => ({ projectId: l.projectId, service: l.service }));
}
