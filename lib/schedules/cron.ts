import { CronExpressionParser } from 'cron-parser';
import cronstrue from 'cronstrue';

/*
 * A schedule's times: five-field cron syntax (minute hour day-of-month month day-of-week) read in
 * the server's timezone, with cron-parser for the next times and cronstrue for the sentence the
 * form previews. Pure (no database, no Node-only module): the form runs it in the browser to
 * preview what the server will say.
 */

/** Longer is no cron expression: cut before anything parses it. */
export const MAX_CRON_LENGTH = 100;

/** The server's timezone (TZ, else the system's), as IANA names it. */
export const serverTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export type CronCheck = { ok: true; cron: string; description: string } | { ok: false; message: string };

/**
 * A cron expression checked: exactly five fields (a seconds field or a name such as @daily is
 * refused: a start a second is no schedule, and the five fields say it all), each in range.
 * The message says which field is wrong.
 */
export function checkCron(input: string): CronCheck {
  const cron = input.trim().replace(/\s+/g, ' ');
  if (!cron) return { ok: false, message: 'Give five fields: minute hour day-of-month month day-of-week (e.g. "0 2 * * *": every day at 02:00)' };
  if (cron.length > MAX_CRON_LENGTH) return { ok: false, message: `At most ${MAX_CRON_LENGTH} characters` };
  const fields = cron.split(' ');
  if (fields.length !== 5) {
    return { ok: false, message: `Give five fields (minute hour day-of-month month day-of-week), not ${fields.length}: e.g. "0 2 * * *" is every day at 02:00` };
  }
  // cronstrue's messages name the field ("minutes part must be >= 0 and <= 59"): asked first.
  let description: string;
  try {
    description = describeCron(cron);
    CronExpressionParser.parse(cron, { tz: 'UTC' });
  } catch (error) {
    return { ok: false, message: `Not a cron expression: ${messageOf(error)}` };
  }
  return { ok: true, cron, description };
}

/** "At 02:00, every day": the expression in words, 24-hour times. */
export function describeCron(cron: string): string {
  return cronstrue.toString(cron, { use24HourTimeFormat: true, verbose: true, throwExceptionOnParseError: true });
}

/** The first `count` times the expression names after `after`, read in `timeZone`. */
export function nextTimes(cron: string, after: Date, timeZone: string, count = 1): Date[] {
  const expression = CronExpressionParser.parse(cron, { tz: timeZone, currentDate: after });
  return Array.from({ length: count }, () => expression.next().toDate());
}

/** The next time the expression names after `after`. */
export const nextTime = (cron: string, after: Date, timeZone: string): Date => nextTimes(cron, after, timeZone, 1)[0];

/** "Sat 30 Nov 2026, 02:00": a time as the server's clock shows it. */
export function formatInZone(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** "UTC+01:00": the zone's offset at `at`. */
export function zoneOffset(at: Date, timeZone: string): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return part === 'GMT' ? 'UTC+00:00' : part.replace('GMT', 'UTC');
}

// cronstrue throws strings that start with "Error: ".
const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error)).replace(/^Error: /, '').slice(0, 200);

/** The server's timezone as the pages state it: its name and its offset now. */
export const serverZone = (now = new Date()): { name: string; offset: string } => ({ name: serverTimeZone(), offset: zoneOffset(now, serverTimeZone()) });
