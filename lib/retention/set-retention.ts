import { recordAudit } from '../auth/audit';
import type { Db } from '../db/db-types';
import { setLiveRetention } from '../db/queries/retention/live-retention';
import { AppError } from '../errors';
import type { Principal } from '../identity/principal';
import { liveDatasetOrThrow } from './preview-retention';
import { RETENTION_KINDS, retentionInputSchema, type RetentionSetting } from './retention-kinds';

/** A setting checked, or the first refused kind as an AppError naming its field. */
export function parseRetention(input: unknown): RetentionSetting {
  const parsed = retentionInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.map(String).join('.') || 'form';
  const label = RETENTION_KINDS.find((k) => k.key === field)?.label;
  throw new AppError('BAD_INPUT', label ? `${label}: ${issue.message}` : issue.message, { field });
}

const shown = (days: number | null) => (days === null ? 'kept' : `${days} ${days === 1 ? 'day' : 'days'}`);

/**
 * Sets how long each kind of a live dataset's data is kept (admins: it deletes production data
 * for everyone), recorded in the audit log with each change before and after. The worker's
 * retention lane applies it at its next pass.
 */
export async function setRetention(db: Db, actor: Principal, datasetId: string, input: unknown): Promise<RetentionSetting> {
  if (actor.role !== 'admin') throw new AppError('FORBIDDEN', `Only an admin of the project "${actor.project.name}" may change how long a live dataset’s data is kept`);
  const setting = parseRetention(input);
  const before = await liveDatasetOrThrow(db, actor.project.id, datasetId);
  const saved = await setLiveRetention(db, actor.project.id, datasetId, setting);
  const changes = RETENTION_KINDS.filter((k) => before[k.key] !== setting[k.key]).map((k) => `${k.label.toLowerCase()}: ${shown(before[k.key])} → ${shown(setting[k.key])}`);
  await recordAudit(db, actor, 'retention.set', datasetId, `${before.service}: ${changes.length ? changes.join('; ') : 'saved unchanged'}`);
  return { keepOtlpDays: saved.keepOtlpDays, keepConversationsDays: saved.keepConversationsDays, keepOnlineRunsDays: saved.keepOnlineRunsDays, keepReplayOutputsDays: saved.keepReplayOutputsDays };
}
