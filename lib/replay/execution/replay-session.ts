import { createSelectedJudge } from '../../connections/judge-selection';
import type { Db } from '../../db/db-types';
import { getReplaySettingsRow, type ReplaySettingsRow } from '../../db/queries/replays/get-replay-settings';
import type { Judge } from '../../judge/types';
import type { LookupAll } from '../../llm/egress';
import type { RetryPolicy } from '../../llm/send-with-retries';
import { redactSecrets } from '../../redact-secrets';
import { replaySettingsOf, type ReplaySettings } from '../replay-settings';
import { createTarget } from '../targets/create-target';
import type { ReplayTargetClient } from '../targets/target-types';

/**
 * What a worker holds for a replay while it generates its chunks: the replay as stored, the
 * target's client (its key read, its connections pooled) and the judge of on-policy and
 * simulated-user replays, built once rather than for every chunk.
 */
export interface ReplaySession {
  readonly replay: ReplaySettingsRow;
  readonly settings: ReplaySettings;
  /** The target's client, or why this worker cannot build it (its variable unset here): every pending turn says so. */
  readonly target: ReplayTargetClient | { unavailable: string };
  readonly judge: Judge | null;
}

export interface ReplaySessionOptions {
  /** The replay as the worker read it already. */
  replay?: ReplaySettingsRow;
  /** Replaces the fit judge (tests). */
  judge?: Judge;
  /** Replaces the targets' retry policy (tests). */
  retries?: RetryPolicy;
  /** Replaces the DNS lookup of the targets' egress check (tests). */
  lookup?: LookupAll;
}

export async function openReplaySession(db: Db, replayId: string, env: Record<string, string | undefined>, options: ReplaySessionOptions = {}): Promise<ReplaySession> {
  const replay = options.replay ?? (await getReplaySettingsRow(db, replayId));
  const settings = replaySettingsOf(replay);
  let target: ReplaySession['target'];
  try {
    target = await createTarget(db, replay.projectId, settings.target, env, { retries: options.retries, concurrency: settings.concurrency, setBy: settings.urlSetBy, lookup: options.lookup });
  } catch (error) {
    target = { unavailable: redactSecrets((error as Error).message) };
  }
  // A replay whose target cannot be built here generates nothing: it needs no judge either.
  const needsJudge = settings.mode !== 'teacher-forced' && !('unavailable' in target);
  // Its replies reach the cache in batches: every chunk flushes the judge before it ends.
  const judge = needsJudge ? (options.judge ?? (await createSelectedJudge(db, replay.projectId, settings.judge ?? { kind: 'offline' }, env, settings.concurrency, { deferCacheWrites: true }))) : null;
  return { replay, settings, target, judge };
}
