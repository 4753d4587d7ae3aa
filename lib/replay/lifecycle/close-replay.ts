import { onReplayEnded } from '../../alerts';
import type { Db } from '../../db/db-types';
import { runAs } from '../../identity/acting-principal';
import type { Principal } from '../../identity/principal';
import { markReplayFailed, markReplayFinishing, saveReplayEnd, stampCancelledReplay } from '../../db/queries/replays/finish-replay';
import { getReplaySettingsRow } from '../../db/queries/replays/get-replay-settings';
import { renewReplayLease } from '../../db/queries/replays/replay-lease';
import { countReplayTurns } from '../../db/queries/replays/replay-status';
import { redactSecrets } from '../../redact-secrets';
import { enqueueRun } from '../../runs';
import { evaluateSchema } from '../replay-request';
import { replaySettingsOf } from '../replay-settings';
import { buildReplayVersion } from './build-version';
import { evaluateRunRequest } from './evaluate-request';

export type FinalReplayStatus = 'completed' | 'completed_with_errors' | 'scoring_failed' | 'failed' | 'cancelled';

/** Who the dataset and run a replay creates belong to: the one who started it. */
const ownerOf = (id: string | null, projectId: string): Principal => ({
  id: id ?? 'service',
  email: '',
  name: '',
  role: 'editor',
  via: id ? 'api-key' : 'service-key',
  instanceAdmin: false,
  project: { id: projectId, slug: '', name: '' },
});

const describeTarget = (target: ReturnType<typeof replaySettingsOf>['target']): string =>
  target.kind === 'http' ? `the app at ${target.url}` : `model ${target.model} at ${target.connection ? `connection ${target.connection}` : target.baseUrl}`;

/**
 * The one way a replay that has generated every turn ends. Whoever gets it first (a
 * compare-and-set from running to finishing) stores the new dataset version, starts the
 * evaluation run when one was asked for, and writes the final status: completed, or
 * completed_with_errors when turns errored (they can be retried; a retry makes a new version),
 * or scoring_failed when the version was made but its evaluation could not start: the version
 * is linked all the same, and the replay can be scored again (rescore-replay.ts).
 * Returns null when another worker closes it, or it was cancelled.
 */
export async function closeReplay(
  db: Db,
  replayId: string,
  env: Record<string, string | undefined>,
  guard: { workerId?: string; lease?: { workerId: string; leaseMs: number } } = {},
): Promise<FinalReplayStatus | null> {
  const { lease } = guard;
  // With a lease (PostgreSQL, where no lease is held while generating) the closer says it is
  // alive while it makes the version: a sweep takes a "finishing" replay whose lease passed.
  if (!(await markReplayFinishing(db, replayId, guard))) return null;
  const renew = lease ? setInterval(() => void renewReplayLease(db, replayId, lease.workerId, lease.leaseMs).catch(() => undefined), Math.max(200, lease.leaseMs / 3)) : null;
  try {
    const status = await closeTaken(db, replayId, env);
    await onReplayEnded(db, replayId);
    return status;
  } finally {
    if (renew) clearInterval(renew);
  }
}

async function closeTaken(db: Db, replayId: string, env: Record<string, string | undefined>): Promise<FinalReplayStatus> {
  const replay = await getReplaySettingsRow(db, replayId);
  let version: Awaited<ReturnType<typeof buildReplayVersion>>;
  let errors: number;
  try {
    errors = await countReplayTurns(db, replayId, ['error']);
    const settings = replaySettingsOf(replay);
    version = await runAs(ownerOf(replay.createdById, replay.projectId), () => buildReplayVersion(db, { ...replay, targetLabel: describeTarget(settings.target) }));
  } catch (e) {
    await failReplay(db, replayId, (e as Error).message, ['finishing']);
    return 'failed';
  }
  const status: FinalReplayStatus = errors > 0 ? 'completed_with_errors' : 'completed';
  if (version === null) {
    await saveReplayEnd(db, replayId, { status, error: 'No conversation was replayed whole: no dataset was made (retry the errored turns)' });
    return status;
  }
  if (!replay.evaluate) {
    await saveReplayEnd(db, replayId, { status, error: null, datasetId: version.datasetId });
    return status;
  }
  try {
    const runId = await startEvaluation(db, replay, version.datasetId, env);
    await saveReplayEnd(db, replayId, { status, error: null, datasetId: version.datasetId, runId });
    return status;
  } catch (e) {
    // The turns are generated and the version is made: neither is lost because scoring could not start.
    await saveReplayEnd(db, replayId, { status: 'scoring_failed', error: redactSecrets(`Scoring the new version could not start: ${(e as Error).message}`), datasetId: version.datasetId });
    return 'scoring_failed';
  }
}

/** Starts the run the replay asked for on its new version, as the one who started the replay. */
export async function startEvaluation(db: Db, replay: { projectId: string; createdById: string | null; evaluate: unknown; sourceDatasetId: string; modelVersion: string }, datasetId: string, env: Record<string, string | undefined>): Promise<string> {
  return runAs(ownerOf(replay.createdById, replay.projectId), async () => {
    const evaluate = evaluateSchema.parse(replay.evaluate);
    const request = await evaluateRunRequest(db, replay.projectId, evaluate, datasetId, replay.sourceDatasetId, replay.modelVersion);
    return (await enqueueRun(db, replay.projectId, request, env)).runId;
  });
}

/** The replay cannot go on: it ends failed with the error; stored turns stay (a retry starts from them). */
export async function failReplay(db: Db, replayId: string, error: string, from: string[] = ['queued', 'running', 'finishing']): Promise<void> {
  if (await markReplayFailed(db, replayId, redactSecrets(error), from)) await onReplayEnded(db, replayId);
}

/** Ends a cancelled replay's record: its finish time (the turns stored stay). */
export async function closeCancelledReplay(db: Db, replayId: string): Promise<void> {
  await stampCancelledReplay(db, replayId);
}
