import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { saveReplayRescored } from '../db/queries/replays/finish-replay';
import { getReplayRow } from '../db/queries/replays/get-replay';
import { getReplaySettingsRow } from '../db/queries/replays/get-replay-settings';
import { countReplayTurns } from '../db/queries/replays/replay-status';
import { getRunStatus } from '../db/queries/runs/get-run-status';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { startEvaluation } from './lifecycle/close-replay';
import { scoringFailed } from './replay-status';

/**
 * Scores a replay's new version again when its scoring failed: the run it asked for is started
 * again on that version (checked as any run is, so a judge or metric that cannot score is refused
 * with the reason), the replay links the new run and ends completed (or completed with errors) as
 * its turns did. Nothing is generated again.
 */
export async function rescoreReplay(db: Db, projectId: string, replayId: string, env: Record<string, string | undefined>, principal: Principal | null = null): Promise<{ runId: string }> {
  const row = await getReplayRow(db, projectId, replayId);
  const evaluation = row.runId ? await getRunStatus(db, projectId, row.runId) : null;
  const replay = await getReplaySettingsRow(db, replayId);
  if (!replay.evaluate || !scoringFailed({ status: row.status, datasetId: row.datasetId, evaluation })) {
    throw new AppError('CONFLICT', 'Only a replay whose new version was made and whose scoring failed can be scored again');
  }
  const runId = await startEvaluation(db, replay, row.datasetId!, env);
  const errors = await countReplayTurns(db, replayId, ['error']);
  await saveReplayRescored(db, replayId, { status: errors > 0 ? 'completed_with_errors' : 'completed', runId });
  if (principal) await recordAudit(db, principal, 'replay.rescore', replayId, `run ${runId} on dataset ${row.datasetId}`);
  return { runId };
}
