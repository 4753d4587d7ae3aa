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
 * The message names the field that is wrong and what it takes.
 */
export function checkCron(input: string): CronCheck {
  const cron = input.trim().replace(/\s+/g, ' ');
  if (!cron) return { ok: false, message: 'Give five fields: minute hour day-of-month month day-of-week (e.g. "0 2 * * *": every day at 02:00)' };
  if (cron.length > MAX_CRON_LENGTH) return { ok: false, message: `At most ${MAX_CRON_LENGTH} characters` };
  const fields = cron.split(' ');
  if (fields.length !== 5) {
    return { ok: false, message: `Give five fields (minute hour day-of-month month day-of-week), not ${fields.length}: e.g. "0 2 * * *" is every day at 02:00` };
  }
  const wrong = fields.map((value, index) => fieldProblem(value, index)).find((problem) => problem !== null);
  if (wrong) return { ok: false, message: wrong };
  let description: string;
  try {
    description = describeCron(cron);
    CronExpressionParser.parse(cron, { tz: 'UTC' });
  } catch (error) {
    // Each field reads on its own, not together (a 30th of February): the libraries' words.
    return { ok: false, message: `The fields together name no time that ever comes (${messageOf(error)})` };
  }
  return { ok: true, cron, description };
}

const FIELDS = [
  { name: 'minute', values: '0-59' },
  { name: 'hour', values: '0-23' },
  { name: 'day-of-month', values: '1-31' },
  { name: 'month', values: '1-12 or JAN-DEC' },
  { name: 'day-of-week', values: '0-7 (0 and 7 are Sunday) or SUN-SAT' },
] as const;

/**
 * What is wrong with one field, read alone (every other field "*"), naming it: "The hour
 * (field 2) "25" is not a time: it takes 0-23, ...". Null when it reads.
 */
function fieldProblem(value: string, index: number): string | null {
  const alone = FIELDS.map((_, i) => (i === index ? value : '*')).join(' ');
  try {
    describeCron(alone);
    CronExpressionParser.parse(alone, { tz: 'UTC' });
    return null;
  } catch (error) {
    const field = FIELDS[index];
    // A value out of range is said by the range itself; anything else keeps the library's detail.
    const detail = /part must be >= \d+ and <= \d+/.test(messageOf(error)) ? '' : ` (${messageOf(error)})`;
    return `The ${field.name} (field ${index + 1}) "${value}" is not valid${detail}: it takes ${field.values}, lists (1,15), ranges (9-17) and steps (*/5)`;
  }
}

const ANY = new Set(['*', '?']);

/**
 * "At 02:00, every day": the expression in words, 24-hour times. cronstrue's verbose words say
 * "Every 2 minutes, every hour, every day": its short ones, with "every day" added where only
 * the time of day is set.
 */
export function describeCron(cron: string): string {
  const words = cronstrue.toString(cron, { use24HourTimeFormat: true, throwExceptionOnParseError: true });
  const [minute, hour, ...days] = cron.trim().split(/\s+/);
  const daily = days.every((field) => ANY.has(field)) && !ANY.has(hour) && !/[*/-]/.test(`${minute}${hour}`);
  return daily ? `${words}, every day` : words;
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
