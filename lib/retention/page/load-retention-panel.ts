import 'server-only';
import { getDb } from '../../db/client';
import { getLiveRetention } from '../../db/queries/retention/live-retention';
import { previewRetention } from '../preview-retention';
import type { RetentionSetting } from '../retention-kinds';

/** A live dataset's retention panel: its setting and what that setting deletes (now, and each day at the current rate). */
export async function loadRetentionPanel(projectId: string, datasetId: string) {
  const db = getDb();
  const live = await getLiveRetention(db, projectId, datasetId);
  if (!live) return null;
  const setting: RetentionSetting = { keepOtlpDays: live.keepOtlpDays, keepConversationsDays: live.keepConversationsDays, keepOnlineRunsDays: live.keepOnlineRunsDays, keepReplayOutputsDays: live.keepReplayOutputsDays };
  return { setting, ...(await previewRetention(db, projectId, datasetId, setting, process.env)) };
}
