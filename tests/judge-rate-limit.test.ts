import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import type { JudgeRequest } from '@/lib/judge/types';
import type { Conversation } from '@/lib/domain/conversation';
import { evaluateConversations } from '@/lib/runs/execution/evaluate-conversations';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { rateLimited } from './helpers/rate-limited-handler';
import { answerLikeOfflineJudge } from './helpers/step-answers';
import { supportChat } from './helpers/support-chat';
import { waitFor } from './helpers/wait-for';

const servers: JudgeServer[] = [];
afterEach(async () => {
  vi.useRealTimers();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: Parameters<typeof startJudgeServer>[0]['handler']): Promise<JudgeServer> {
  const server = await startJudgeServer({ handler });
  servers.push(server);
  return server;
}

// Three exchanges each: conversation relevancy asks 3 verdicts and 1 reason per conversation.
const conversations: Conversation[] = Array.from({ length: 12 }, (_, i) => ({
  ...supportChat,
  externalId: `chat-${i}`,
  turns: supportChat.turns.slice(2 * (i % 4), 2 * (i % 4) + 6),
}));

const reasonRequest = (text: string): JudgeRequest<{ reason: string }> => ({
  step: 'reason',
  input: {},
  messages: [{ role: 'user', content: text }],
  schema: judgeSteps.reason.output,
  schemaName: 'reason',
});

describe('a judge behind a provider rate limit', () => {
  it.each([
    ['with x-ratelimit-* headers', true],
    ['with retry-after only', false],
  ])('scores every conversation at concurrency 32 against 20 requests a second (%s)', async (_label, rateLimitHeaders) => {
    const limited = rateLimited(answerLikeOfflineJudge(), { perSecond: 20, latencyMs: 30, rateLimitHeaders });
    const server = await serve(limited.handler);
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'judge-test', concurrency: 32 });

    const results = await evaluateConversations({
      conversations,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge,
      concurrency: 32,
    });

    const scored = results.flat().filter((r) => r !== null && r.error === null && typeof r.score === 'number');
    expect(scored).toHaveLength(conversations.length);
    expect(limited.accepted()).toBe(conversations.length * 4);
    // A 429 is waited out, never a failure; the refusals are counted.
    expect(judge.rateLimit().refused).toBe(limited.refused());
    if (rateLimitHeaders) expect(limited.refused()).toBeLessThanOrEqual(2);
  }, 20_000);

  it('shares one limiter between judges on the same connection', async () => {
    const limited = rateLimited(() => ({ content: '{"reason":"ok"}' }), { perSecond: 10 });
    const server = await serve(limited.handler);
    const a = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-same', model: 'm', concurrency: 16 });
    const b = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-same', model: 'm', concurrency: 16 });
    // Learn the limit first, then both judges send at once: together they stay within it.
    await a.call(reasonRequest('warm-up'));
    const started = Date.now();
    await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).call(reasonRequest(`q${i}`))));
    expect(limited.refused()).toBe(0);
    // 21 requests at 10 a second take about 1.1 s at least.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  }, 10_000);

  it('paces to a configured rpm without any header from the endpoint', async () => {
    // A clock of the test's own: the limiter's timers fire when the test moves it, and the server
    // stamps requests with it, so the gaps are the pace the limiter kept, whatever the load.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const server = await serve(() => ({ content: '{"reason":"ok"}' }));
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'm', rpm: 600, concurrency: 8 });
    const calls = Promise.all(Array.from({ length: 6 }, (_, i) => judge.call(reasonRequest(`q${i}`))));
    for (let n = 1; n < 6; n++) {
      // The next request waits on the limiter's timer, the earliest (the client's timeouts are minutes away).
      await waitFor(`request ${n}`, () => server.requests.length === n && judge.rateLimit().waitingSince !== null);
      await vi.advanceTimersToNextTimerAsync();
    }
    await calls;
    const at = server.requests.map((r) => r.at);
    // 600 rpm is 10 a second: one every 103 ms (paced 3 % under the limit), the schedule allowing
    // 25 ms of slack (late timers make it up), so six requests span at least 5 intervals less that.
    expect(at[5] - at[0]).toBeGreaterThanOrEqual(480);
    for (let i = 1; i < at.length; i++) expect(at[i] - at[i - 1]).toBeGreaterThanOrEqual(40);
  });

  it('ends a step whose endpoint keeps refusing past the retry budget, with a clear error', async () => {
    const server = await serve(() => ({ status: 429, headers: { 'retry-after-ms': '50' }, body: { error: { message: 'Rate limit reached' } } }));
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'm', retryBudgetMs: 400 });
    const error = await judge.call(reasonRequest('x')).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'AppError', code: 'JUDGE', details: { status: 429 } });
    expect((error as Error).message).toMatch(/refused the request with 429 \(rate limit\) for \d+ s: giving up/);
    expect(server.requests.length).toBeGreaterThanOrEqual(5);
    expect(judge.rateLimit().refused).toBe(server.requests.length);
  });
});
