import type { Db } from '../db/db-types';
import { getLiveRetention } from '../db/queries/retention/live-retention';
import { countLiveConversations } from '../db/queries/retention/live-conversations';
import { countOnlineCopies } from '../db/queries/retention/online-copies';
import { countServiceBodies, type Window } from '../db/queries/retention/otlp-bodies';
import { countEndedReplays } from '../db/queries/retention/replay-outputs';
import { AppError } from '../errors';
import { keepHoursOf } from './otlp-default';
import { RETENTION_KINDS, type KindPreview, type RetentionKey, type RetentionSetting } from './retention-kinds';

const DAY = 86_400_000;
/** The rate is what crossed the line per day over this many days. */
const RATE_DAYS = 7;

/** The line a kind kept `days` days is deleted behind, at `now`. */
export const cutOff = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY);

/** How many of a kind a live dataset has in a window (of processing, activity, scoring or ending times). */
export function countKind(db: Db, live: { projectId: string; service: string; datasetId: string }, key: RetentionKey, window: Window): Promise<number> {
  switch (key) {
    case 'keepOtlpDays':
      return countServiceBodies(db, live.projectId, live.service, window);
    case 'keepConversationsDays':
      return countLiveConversations(db, live.datasetId, window);
    case 'keepOnlineRunsDays':
      return countOnlineCopies(db, live.datasetId, window);
    case 'keepReplayOutputsDays':
      return countEndedReplays(db, live.datasetId, window);
  }
}

/** The live dataset's service, or a NOT_FOUND naming the dataset (an uploaded one has no retention: it is kept unless deleted). */
export async function liveDatasetOrThrow(db: Db, projectId: string, datasetId: string): Promise<{ projectId: string; service: string; datasetId: string } & RetentionSetting> {
  const live = await getLiveRetention(db, projectId, datasetId);
  if (!live) throw new AppError('NOT_FOUND', `Dataset ${datasetId} is not a live dataset: uploaded datasets are kept until someone deletes them`, { field: 'id' });
  return live;
}

/**
 * What a retention setting of a live dataset deletes, kind by kind, before it is saved: what
 * goes now (the same counts a pass at `now` deletes) and about how many more each day at the
 * rate of the last 7 days. `defaultOtlpHours` is the server's default for bodies, null when it keeps them.
 */
export async function previewRetention(db: Db, projectId: string, datasetId: string, setting: RetentionSetting, env: Record<string, string | undefined>, now = new Date()): Promise<{ kinds: KindPreview[]; defaultOtlpHours: number | null }> {
  const live = await liveDatasetOrThrow(db, projectId, datasetId);
  const kinds: KindPreview[] = [];
  for (const { key } of RETENTION_KINDS) {
    const days = setting[key];
    if (days === null) {
      kinds.push({ key, days, now: 0, perDay: 0 });
      continue;
    }
    const line = cutOff(now, days);
    const [goes, recent] = await Promise.all([countKind(db, live, key, { before: line }), countKind(db, live, key, { since: cutOff(now, RATE_DAYS), before: now })]);
    kinds.push({ key, days, now: goes, perDay: Math.round(recent / RATE_DAYS) });
  }
  let defaultOtlpHours: number | null = null;
  try {
    defaultOtlpHours = keepHoursOf(env);
  } catch {
    // A malformed setting keeps every body (the worker says so in its log).
  }
  return { kinds, defaultOtlpHours };
}
