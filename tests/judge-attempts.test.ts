import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import type { JudgeRequest } from '@/lib/judge/types';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';

/*
 * TURNWISE_JUDGE_ATTEMPTS counts only replies that arrived whole and failed validation: faults
 * (429, 5xx, replies cut short) have budgets of their own, and a step that fails names how
 * each of its attempts ended.
 */

const request: JudgeRequest<{ reason: string }> = {
  step: 'reason',
  input: {},
  messages: [{ role: 'user', content: 'Explain the score.' }],
  schema: judgeSteps.reason.output,
  schemaName: 'reason',
};
const ok = { content: '{"reason":"because"}' };
const cutShort = { content: '{"reason":"bec' };
const serverError = { status: 500, body: { error: { message: 'internal error' } } };

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function judgeWith(handler: JudgeServerHandler, options: { attempts: number; maxRetries: number }) {
  server = await startJudgeServer({ handler });
  return createOpenAIJudge({ baseURL: server.url, apiKey: null, retryBaseMs: 1, ...options });
}

describe('judge attempts and fault budgets', () => {
  it('retries replies cut short and 500s without spending the one validation attempt', async () => {
    const script = [cutShort, serverError, cutShort, ok];
    const judge = await judgeWith((_b, { index }) => script[index], { attempts: 1, maxRetries: 3 });
    const reply = await judge.call(request);
    expect(reply.output.reason).toBe('because');
    expect(reply.retries?.map((r) => r.cause)).toEqual(['reply cut short (incomplete JSON)', '500 server error', 'reply cut short (incomplete JSON)']);
  });

  it('fails a step whose replies keep coming cut short as a fault, not as an invalid reply, and sends no repair prompt', async () => {
    const judge = await judgeWith(() => cutShort, { attempts: 3, maxRetries: 2 });
    await expect(judge.call(request)).rejects.toThrow(/sent no complete reply.*cut short \(incomplete JSON\) 3 times/);
    expect(server!.requests).toHaveLength(3);
    expect(server!.requests.every((r) => r.body.messages.length === 1)).toBe(true);
  });

  it('names how every attempt ended when the replies stay invalid', async () => {
    const judge = await judgeWith((_b, { index }) => ({ content: index === 1 ? '{"reason": 3}' : 'no JSON here' }), { attempts: 3, maxRetries: 0 });
    const error = await judge.call(request).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(
      /invalid after 3 attempts.*attempt 1: invalid reply: the reply contains no valid JSON; attempt 2: invalid reply: reason: .*; attempt 3: invalid reply: the reply contains no valid JSON/,
    );
  });

  it('names the invalid replies before the fault that ended the step', async () => {
    const judge = await judgeWith((_b, { index }) => (index === 0 ? { content: 'no JSON here' } : serverError), { attempts: 3, maxRetries: 1 });
    const error = await judge.call(request).then(
      () => null,
      (e: Error) => e,
    );
    expect(error?.message).toMatch(/status 500.*Attempts: attempt 1: invalid reply: the reply contains no valid JSON; attempt 2: 500 server error\./);
  });
});
