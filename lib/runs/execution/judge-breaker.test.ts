import { describe, expect, it } from 'vitest';
import { emptyUsage } from '../../domain';
import { AppError } from '../../errors';
import { judgeSteps } from '../../metrics/registry';
import type { Judge, JudgeReply } from '../../judge/types';
import { SAME_FAILURES_TO_STOP, withBreaker } from './judge-breaker';

/** A judge that answers each call with the next outcome: a reply, or a judge error of that status and answer. */
function judgeOf(outcomes: ({ status: number; answer: string } | 'ok')[]): Judge & { calls: number } {
  let calls = 0;
  return {
    kind: 'test',
    model: 'm',
    usage: emptyUsage,
    get calls() {
      return calls;
    },
    async call<T>() {
      const outcome = outcomes[calls++] ?? 'ok';
      if (outcome === 'ok') return { output: { reason: 'fine' }, raw: '{"reason":"fine"}', model: 'm', promptTokens: 1, completionTokens: 1, costUsd: 0, cached: false, cacheKey: 'k' } as JudgeReply<T>;
      throw new AppError('JUDGE', `request failed with status ${outcome.status}`, { status: outcome.status, signature: `${outcome.status}:${outcome.answer}` });
    },
  };
}

const request = { step: 'reason' as const, input: {}, messages: [{ role: 'user' as const, content: 'x' }], schema: judgeSteps.reason.output, schemaName: 'reason' };

async function callAll(judge: Judge, n: number): Promise<unknown[]> {
  const out: unknown[] = [];
  for (let i = 0; i < n; i++) out.push(await judge.call(request).catch((e: unknown) => e));
  return out;
}

describe('withBreaker', () => {
  it('stops after the same refusal in a row, and then sends nothing more', async () => {
    const inner = judgeOf(Array.from({ length: 20 }, () => ({ status: 401, answer: 'wrong key' })));
    const trips: AppError[] = [];
    const breaker = withBreaker(inner, (e) => trips.push(e));
    const results = await callAll(breaker.judge, 10);
    expect(inner.calls).toBe(SAME_FAILURES_TO_STOP);
    expect(trips).toHaveLength(1);
    expect(breaker.tripped()?.message).toMatch(/The run stopped: 5 judge requests in a row failed the same way\. request failed with status 401/);
    expect(results.at(-1)).toBe(breaker.tripped());
  });

  it('goes on when the refusals differ (each conversation too long in its own way), a reply comes between, or the endpoint errs on its side', async () => {
    const tooLong = Array.from({ length: 8 }, (_, i) => ({ status: 400, answer: `context of ${9000 + i} tokens` }));
    const interrupted = [...Array.from({ length: 4 }, () => ({ status: 400, answer: 'same' })), 'ok' as const, ...Array.from({ length: 4 }, () => ({ status: 400, answer: 'same' }))];
    const serverSide = Array.from({ length: 8 }, () => ({ status: 500, answer: 'down' }));
    for (const outcomes of [tooLong, interrupted, serverSide]) {
      const breaker = withBreaker(judgeOf(outcomes), () => undefined);
      await callAll(breaker.judge, outcomes.length);
      expect(breaker.tripped()).toBeNull();
    }
  });
});
