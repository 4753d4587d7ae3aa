import { afterEach, describe, expect, it, vi } from 'vitest';
import { createJudge, loadJudgeConfig } from '@/lib/judge/config';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import type { JudgeRequest } from '@/lib/judge/types';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

const schema = judgeSteps.reason.output;
const request: JudgeRequest<{ reason: string }> = {
  step: 'reason',
  input: {},
  messages: [{ role: 'user', content: 'Explain the score.' }],
  schema,
  schemaName: 'reason',
};
const ok = { content: '{"reason":"because"}' };

let server: JudgeServer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  server = undefined;
});

/*
 * Waits on a clock of the test's own: the judge's rate limiter holds requests back with timers,
 * and once the server has seen `n` requests and the limiter holds the next one, the clock moves
 * to that timer (the earliest: the client's own timeouts are minutes away). The server stamps
 * requests with the same clock, so the gaps are the waits the judge chose, whatever the load.
 */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
async function passLimiterWait(judge: ReturnType<typeof createOpenAIJudge>, n: number): Promise<void> {
  await waitFor(`request ${n} and the wait after it`, () => server!.requests.length === n && judge.rateLimit().waitingSince !== null);
  await vi.advanceTimersToNextTimerAsync();
}

describe('OpenAI-compatible judge: transient errors', () => {
  it('waits for Retry-After on 429 and then succeeds', async () => {
    server = await startJudgeServer({
      handler: (_b, { index }) =>
        index === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down' } } } : ok,
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const reply = await judge.call(request);

    expect(reply.output.reason).toBe('because');
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(950);
    expect(server.requests[1].headers['x-stainless-retry-count']).toBe('1');
    // Only requests that got a reply count as calls.
    expect(judge.usage().calls).toBe(1);
  });

  it('honours retry-after-ms', async () => {
    server = await startJudgeServer({
      handler: (_b, { index }) => (index < 2 ? { status: 429, headers: { 'retry-after-ms': '50' } } : ok),
    });
    fakeClock();
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });
    const started = Date.now();
    const replied = judge.call(request);
    await passLimiterWait(judge, 1);
    await passLimiterWait(judge, 2);
    await replied;
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2].at - server.requests[1].at).toBeGreaterThanOrEqual(45);
    // The limiter's own backoff after two refusals would be at least 0.56 s.
    expect(Date.now() - started).toBeLessThan(450);
  });

  it('retries a 500 with exponential backoff when no Retry-After is given', async () => {
    server = await startJudgeServer({ handler: (_b, { index }) => (index === 0 ? { status: 500 } : ok) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    await judge.call(request);

    expect(server.requests).toHaveLength(2);
    // The SDK's first backoff is 0.5 s minus up to 25 % jitter.
    expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(350);
  });

  it('gives up after maxRetries with a JUDGE error carrying the status', async () => {
    server = await startJudgeServer({ handler: () => ({ status: 503, headers: { 'retry-after-ms': '10' } }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', maxRetries: 2 });

    const error = await judge.call(request).catch((e: unknown) => e);

    expect(error).toMatchObject({ name: 'AppError', code: 'JUDGE', details: { status: 503 } });
    expect(server.requests).toHaveLength(3);
    expect(judge.usage().calls).toBe(0);
  });

  it('does not retry a client error such as 401', async () => {
    server = await startJudgeServer({ handler: () => ({ status: 401, body: { error: { message: 'bad key' } } }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-wrong' });
    await expect(judge.call(request)).rejects.toMatchObject({ code: 'JUDGE', details: { status: 401 } });
    expect(server.requests).toHaveLength(1);
  });

  it('retries a request that timed out', async () => {
    server = await startJudgeServer({
      handler: async (_b, { index }) => {
        if (index === 0) await new Promise((resolve) => setTimeout(resolve, 400));
        return ok;
      },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', timeoutMs: 150 });

    const reply = await judge.call(request);

    expect(reply.output.reason).toBe('because');
    expect(server.requests).toHaveLength(2);
  });

  it('fails the step of an endpoint that hangs after one retry of the timeout, not after every transient retry', async () => {
    server = await startJudgeServer({ handler: () => new Promise(() => {}) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', timeoutMs: 200, retryBaseMs: 0 });
    const error = await judge.call(request).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'JUDGE' });
    expect((error as Error).message).toMatch(/timed out/i);
    expect(server.requests).toHaveLength(2);
  });

  it('takes its per-request timeout from TURNWISE_JUDGE_TIMEOUT_S', async () => {
    server = await startJudgeServer({ handler: () => new Promise(() => {}) });
    const config = loadJudgeConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, TURNWISE_JUDGE_TIMEOUT_S: '0.3' });
    expect(config.timeoutMs).toBe(300);
    // The endpoint never answers: only the 0.3 s timeout (once retried) ends the call.
    await expect(createJudge({ kind: 'openai', name: 'openai' }, config).call(request)).rejects.toMatchObject({ code: 'JUDGE' });
    expect(server.requests).toHaveLength(2);
    expect(() => loadJudgeConfig({ TURNWISE_JUDGE_TIMEOUT_S: 'soon' })).toThrow(/TURNWISE_JUDGE_TIMEOUT_S/);
  });

  it('reports a server it cannot reach as a JUDGE error', async () => {
    server = await startJudgeServer({ handler: () => ok });
    const url = server.url;
    await server.close();
    server = undefined;
    const judge = createOpenAIJudge({ baseURL: url, apiKey: 'sk-test', maxRetries: 0 });
    await expect(judge.call(request)).rejects.toMatchObject({ code: 'JUDGE', details: { status: null } });
  });
});
