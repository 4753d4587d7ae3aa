import { describe, expect, it } from 'vitest';
import { checkCron, formatInZone, nextTimes, zoneOffset } from './cron';

describe('a schedule’s times', () => {
  it('reads five cron fields and says them in words', () => {
    expect(checkCron(' 0  2 * * * ')).toEqual({ ok: true, cron: '0 2 * * *', description: 'At 02:00, every day' });
    expect(checkCron('*/15 9-17 * * 1-5')).toMatchObject({ ok: true, description: 'Every 15 minutes, between 09:00 and 17:59, Monday through Friday' });
    // Not "Every 2 minutes, every hour, every day".
    expect(checkCron('*/2 * * * *')).toMatchObject({ ok: true, description: 'Every 2 minutes' });
    expect(checkCron('0 2,14 * * *')).toMatchObject({ ok: true, description: 'At 02:00 and 14:00, every day' });
  });

  it('refuses what is not five fields in range, saying which part is wrong', () => {
    expect(checkCron('0 2 * *')).toMatchObject({ ok: false, message: expect.stringContaining('not 4') });
    expect(checkCron('0 0 2 * * *')).toMatchObject({ ok: false, message: expect.stringContaining('not 6') });
    expect(checkCron('@daily')).toMatchObject({ ok: false });
    expect(checkCron('61 2 * * *')).toEqual({ ok: false, message: 'The minute (field 1) "61" is not valid: it takes 0-59, lists (1,15), ranges (9-17) and steps (*/5)' });
    expect(checkCron('0 2 * * 8')).toMatchObject({ ok: false, message: expect.stringMatching(/^The day-of-week \(field 5\) "8" is not valid: it takes 0-7/) });
    expect(checkCron('0 2,, * * *')).toMatchObject({ ok: false, message: expect.stringMatching(/^The hour \(field 2\) "2,," is not valid \(Invalid list value format\)/) });
    expect(checkCron('0 2 30 2 *')).toMatchObject({ ok: false, message: expect.stringMatching(/^The fields together name no time that ever comes/) });
    expect(checkCron('x'.repeat(500))).toEqual({ ok: false, message: 'At most 100 characters' });
  });

  it('gives the next times in the server’s timezone, daylight saving included', () => {
    const after = new Date('2026-03-28T12:00:00Z');
    // 02:00 in Paris: 01:00 UTC in winter; on the night clocks go forward 02:00 does not exist and 03:00 CEST is taken.
    expect(nextTimes('0 2 * * *', after, 'Europe/Paris', 3).map((d) => d.toISOString())).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-30T00:00:00.000Z', '2026-03-31T00:00:00.000Z']);
    expect(formatInZone(new Date('2026-03-30T00:00:00Z'), 'Europe/Paris')).toBe('Mon, 30 Mar 2026, 02:00');
    expect(zoneOffset(new Date('2026-03-30T00:00:00Z'), 'Europe/Paris')).toBe('UTC+02:00');
    expect(zoneOffset(new Date('2026-03-30T00:00:00Z'), 'UTC')).toBe('UTC+00:00');
  });
});
