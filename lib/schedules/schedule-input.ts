import { z } from 'zod';
import { checkCron, MAX_CRON_LENGTH } from './cron';

export const SCHEDULE_KINDS = ['replay', 'run'] as const;
export type ScheduleKind = (typeof SCHEDULE_KINDS)[number];

export const scheduleNameSchema = z.string({ error: 'Name the schedule' }).trim().min(1, 'Name the schedule').max(120, 'At most 120 characters');

/** Five cron fields, checked as the form previews them (lib/schedules/cron.ts); kept normalised. */
export const cronSchema = z
  .string({ error: 'Give a cron expression' })
  .max(MAX_CRON_LENGTH * 4, `At most ${MAX_CRON_LENGTH} characters`)
  .transform((value, ctx) => {
    const checked = checkCron(value);
    if (checked.ok) return checked.cron;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/** A schedule's name and times: what an edit changes. */
export const scheduleTimingSchema = z.strictObject({ name: scheduleNameSchema, cron: cronSchema });

/** A new schedule: its name and times, and what it starts, a request of the replay or the new-run form (checked by their own front doors). */
export const newScheduleSchema = z.strictObject({
  name: scheduleNameSchema,
  cron: cronSchema,
  kind: z.enum(SCHEDULE_KINDS, { error: 'kind must be "replay" or "run"' }),
  request: z.record(z.string(), z.unknown(), { error: 'request must be an object' }),
});
export type NewScheduleInput = z.input<typeof newScheduleSchema>;

/** Field errors of a refused schedule, keyed as the forms name their fields ("name", "cron"). */
export function scheduleFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) (out[issue.path.map(String).join('.') || 'form'] ??= []).push(issue.message);
  return out;
}
