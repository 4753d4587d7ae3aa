import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/db-types';
import type { Judge, JudgeRateLimitStatus } from '../../judge/types';
import { emptyUsage, type Usage } from '../../domain/usage';
import { reportJudgeActivity } from './report-judge-activity';

afterEach(() => vi.useRealTimers());

/** A run row that applies Prisma's { increment } the way the database does. */
function fakeDb() {
  const row: Record<string, unknown> = { judgeCallsSent: 0, judgeTokensSent: 0, judgeCostSent: 0, judgeCallsInFlight: 0, rateLimitRefusals: 0, rateLimitRpm: null, rateLimitedSince: null };
  const writes: number[] = [];
  const db = {
    run: {
      update: async ({ data }: { data: Record<string, unknown> }) => {
        writes.push(Date.now());
        for (const [key, value] of Object.entries(data)) {
          row[key] = value !== null && typeof value === 'object' && 'increment' in value ? (row[key] as number) + (value.increment as number) : value;
        }
        return row;
      },
    },
  } as unknown as Db;
  return { db, row, writes };
}

function fakeJudge() {
  const usage: Usage = emptyUsage();
  const limit: JudgeRateLimitStatus = { refused: 0, waitingSince: null, limitRpm: null };
  const judge: Judge = { kind: 'openai', model: 'm', call: () => Promise.reject(new Error('not called')), usage: () => ({ ...usage }), rateLimit: () => ({ ...limit }) };
  return { judge, usage, limit };
}

describe('reportJudgeActivity', () => {
  it('writes calls, tokens, cost and calls in flight every second before any result is stored, and the limit learnt', async () => {
    vi.useFakeTimers();
    const { db, row } = fakeDb();
    const { judge, usage, limit } = fakeJudge();
    let inFlight = 3;
    const stop = reportJudgeActivity(db, 'run-1', judge, { inFlight: () => inFlight });

    await vi.advanceTimersByTimeAsync(1000);
    expect(row).toMatchObject({ judgeCallsSent: 0, judgeCallsInFlight: 3 });

    Object.assign(usage, { calls: 2, promptTokens: 300, completionTokens: 40, costUsd: 0.002 });
    Object.assign(limit, { limitRpm: 60, waitingSince: Date.now() });
    inFlight = 4;
    await vi.advanceTimersByTimeAsync(1000);
    expect(row).toMatchObject({ judgeCallsSent: 2, judgeTokensSent: 340, judgeCostSent: 0.002, judgeCallsInFlight: 4, rateLimitRpm: 60 });
    expect(row.rateLimitedSince).toBeInstanceOf(Date);

    // Stopping takes this worker's calls in flight back and clears the wait.
    await stop();
    expect(row).toMatchObject({ judgeCallsSent: 2, judgeCallsInFlight: 0, rateLimitedSince: null });
  });

  it('writes nothing while nothing changes', async () => {
    vi.useFakeTimers();
    const { db, writes } = fakeDb();
    const { judge } = fakeJudge();
    const stop = reportJudgeActivity(db, 'run-1', judge, { inFlight: () => 0 });
    await vi.advanceTimersByTimeAsync(5000);
    await stop();
    expect(writes).toHaveLength(0);
  });
});
