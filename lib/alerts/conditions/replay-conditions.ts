import type { Db } from '../../db/db-types';
import { getReplayFacts } from '../../db/queries/alerts/alert-facts';
import type { ActiveRule, Observation } from '../observation';

const FAILED = new Set(['failed', 'scoring_failed']);
const ENDED = new Set(['completed', 'completed_with_errors']);

/** What an ended replay says to the failure rules: it failed (or its evaluation could not start), or it ended well, which resolves one. */
export async function observeReplay(db: Db, rules: readonly ActiveRule[], replayId: string): Promise<Observation[]> {
  const watching = rules.filter(({ condition: c }) => c.kind === 'failure' && (c.of === 'replays' || c.of === 'any'));
  if (!watching.length) return [];
  const replay = await getReplayFacts(db, replayId);
  if (!replay || !(FAILED.has(replay.status) || ENDED.has(replay.status))) return [];
  const failed = FAILED.has(replay.status);
  const label = `replay ${replay.id} of "${replay.sourceDataset.name}" (${replay.modelVersion})`;
  return watching
    .filter(({ condition: c }) => c.kind === 'failure' && (c.datasetId === null || c.datasetId === replay.sourceDatasetId))
    .map((rule) => ({
      rule,
      scopeKey: `replays:${replay.sourceDatasetId}`,
      firing: failed,
      value: null,
      summary: failed
        ? `The ${label} ${replay.status === 'failed' ? 'failed' : 'made its version, but its evaluation could not start'}: ${(replay.error ?? 'no reason was stored').slice(0, 500)}`
        : `The ${label} ended ${replay.status.replace(/_/g, ' ')}`,
      link: `/replays/${replay.id}`,
      details: { replayId: replay.id, datasetId: replay.sourceDatasetId, status: replay.status, error: replay.error },
    }));
}
