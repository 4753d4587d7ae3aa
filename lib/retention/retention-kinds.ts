import { z } from 'zod';

/*
 * The kinds of a live dataset's data that retention deletes, each kept "N days" (null: kept;
 * received OTLP bodies then follow the server's TURNWISE_OTLP_KEEP_HOURS). Pure: the settings
 * form says the same words the server does.
 */

export const RETENTION_KINDS = [
  { key: 'keepOtlpDays', label: 'Received OTLP bodies', one: 'received OTLP body', many: 'received OTLP bodies', age: 'processed more than' },
  { key: 'keepConversationsDays', label: 'Live conversations', one: 'conversation', many: 'conversations', age: 'last active more than' },
  { key: 'keepOnlineRunsDays', label: 'Runs of online rules', one: 'scored conversation (its copy and results in an online run)', many: 'scored conversations (their copies and results in online runs)', age: 'scored more than' },
  { key: 'keepReplayOutputsDays', label: 'Replay outputs', one: 'replay (its generated turns, dataset version and that version’s runs)', many: 'replays (their generated turns, dataset versions and those versions’ runs)', age: 'ended more than' },
] as const;

export type RetentionKey = (typeof RETENTION_KINDS)[number]['key'];

/** Longest a kind may be kept by a setting: ten years (longer is "kept"). */
export const MAX_KEEP_DAYS = 3650;

const days = z
  .union([z.null(), z.number({ error: 'a whole number of days' }).int('a whole number of days').min(1, 'at least 1 day').max(MAX_KEEP_DAYS, `at most ${MAX_KEEP_DAYS} days (leave it empty to keep everything)`)])
  .default(null);

/** A live dataset's retention as a form or the API sends it: days per kind, null to keep. */
export const retentionInputSchema = z.strictObject({ keepOtlpDays: days, keepConversationsDays: days, keepOnlineRunsDays: days, keepReplayOutputsDays: days });
export type RetentionInput = z.input<typeof retentionInputSchema>;
export type RetentionSetting = z.output<typeof retentionInputSchema>;

export interface KindPreview {
  key: RetentionKey;
  days: number | null;
  /** What a pass deletes now. */
  now: number;
  /** What crossed the line each day over the last 7 days, on average: about what goes each day from now on. */
  perDay: number;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * "Saving this deletes 12,340 conversations last active more than 30 days ago now; about 310
 * more each day at the current rate." What a kind's setting deletes, in words.
 */
export function describeKindPreview(preview: KindPreview, defaultOtlpHours: number | null): string {
  const kind = RETENTION_KINDS.find((k) => k.key === preview.key)!;
  if (preview.days === null) {
    if (preview.key !== 'keepOtlpDays') return `Kept: nothing of this kind is deleted.`;
    return defaultOtlpHours === null ? 'Kept: the server keeps every received body (TURNWISE_OTLP_KEEP_HOURS=0).' : `The server's default: each body goes ${defaultOtlpHours} hours after it was processed (TURNWISE_OTLP_KEEP_HOURS).`;
  }
  const age = `${kind.age} ${preview.days} ${preview.days === 1 ? 'day' : 'days'} ago`;
  const rate = preview.perDay > 0 ? `about ${preview.perDay.toLocaleString('en-US')} more each day at the current rate` : 'none more each day at the current rate (none in the last 7 days)';
  return `Saving this deletes ${count(preview.now, kind.one, kind.many)} ${age} now; ${rate}.`;
}
