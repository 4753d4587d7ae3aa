import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withCache } from '@/lib/judge/cache';
import { createMemoryJudgeCache } from '@/lib/judge/memory-cache';
import { judgeCacheKey, requestCacheKey, endpointCacheScope } from '@/lib/judge/cache-key';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import { toStrictJsonSchema } from '@/lib/judge/strict-json-schema';
import type { JudgeRequest } from '@/lib/judge/types';
import { lastUserMessage, startJudgeServer, type ChatCompletionBody, type JudgeServer } from './helpers/judge-server';

const schema = judgeSteps['conversation_relevancy.relevance'].output;
type Relevance = z.infer<typeof schema>;
const request = (text: string): JudgeRequest<Relevance> => ({
  step: 'conversation_relevancy.relevance',
  input: {},
  messages: [{ role: 'user', content: text }],
  schema,
  schemaName: 'relevance',
});
const answer = (body: ChatCompletionBody) => ({
  content: JSON.stringify({ verdict: 'yes', reason: `about ${lastUserMessage(body)}` }),
});

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('withCache', () => {
  it('serves a second identical batch from the cache without calling the server', async () => {
    server = await startJudgeServer({ handler: answer });
    const inner = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'gpt-4.1' });
    const cache = createMemoryJudgeCache();
    const judge = withCache(inner, cache);
    const batch = ['a', 'b', 'c'].map(request);

    const first = await Promise.all(batch.map((r) => judge.call(r)));
    const second = await Promise.all(batch.map((r) => judge.call(r)));

    expect(server.requests).toHaveLength(3);
    expect(first.map((r) => r.cached)).toEqual([false, false, false]);
    expect(second.map((r) => r.cached)).toEqual([true, true, true]);
    expect(second.map((r) => r.output)).toEqual(first.map((r) => r.output));
    expect(second.map((r) => r.cacheKey)).toEqual(first.map((r) => r.cacheKey));
    expect(second.every((r) => r.costUsd === 0 && r.promptTokens === 0)).toBe(true);
    expect(cache.size).toBe(3);
    const usage = judge.usage();
    expect(usage.calls).toBe(3);
    expect(usage.cacheHits).toBe(3);
    expect(usage.promptTokens).toBe(first.reduce((sum, r) => sum + r.promptTokens, 0));
    expect(usage.costUsd).toBeGreaterThan(0);
  });

  it('sends concurrent identical requests once', async () => {
    server = await startJudgeServer({ handler: answer, latencyMs: 100 });
    const judge = withCache(createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' }), createMemoryJudgeCache());

    const replies = await Promise.all(Array.from({ length: 5 }, () => judge.call(request('same'))));

    expect(server.requests).toHaveLength(1);
    expect(replies.filter((r) => !r.cached)).toHaveLength(1);
    expect(new Set(replies.map((r) => r.output.reason))).toEqual(new Set(['about same']));
    expect(judge.usage()).toMatchObject({ calls: 1, cacheHits: 4 });
  });

  it('stores the raw reply under the key the inner judge reports', async () => {
    server = await startJudgeServer({ handler: answer });
    const inner = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'gpt-4.1-nano' });
    const cache = createMemoryJudgeCache();
    const req = { ...request('x'), model: 'gpt-4o-mini' };

    const reply = await withCache(inner, cache).call(req);

    expect(reply.cacheKey).toBe(requestCacheKey(req, inner.model, inner.cacheScope));
    expect(reply.cacheKey).toBe(judgeCacheKey('gpt-4o-mini', req.messages, toStrictJsonSchema(schema), undefined, undefined, endpointCacheScope(server.url)));
    expect(await cache.get(reply.cacheKey)).toEqual({
      raw: reply.raw,
      model: 'gpt-4o-mini',
      step: 'conversation_relevancy.relevance',
      promptTokens: reply.promptTokens,
      completionTokens: reply.completionTokens,
      messages: req.messages,
    });
  });

  it('treats an entry that fails validation as a miss and replaces it', async () => {
    server = await startJudgeServer({ handler: answer });
    const inner = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });
    const cache = createMemoryJudgeCache();
    const key = requestCacheKey(request('x'), inner.model, inner.cacheScope);
    await cache.set(key, { raw: '{"verdict":"perhaps"}', model: 'gpt-4.1', step: 'x', promptTokens: 1, completionTokens: 1, messages: [] });

    const reply = await withCache(inner, cache).call(request('x'));

    expect(reply.cached).toBe(false);
    expect(server.requests).toHaveLength(1);
    expect((await cache.get(key))?.raw).toBe(reply.raw);
  });

  it('shares a failure with identical requests in flight instead of sending them again', async () => {
    server = await startJudgeServer({ handler: () => ({ status: 401 }), latencyMs: 50 });
    const judge = withCache(createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' }), createMemoryJudgeCache());

    const results = await Promise.allSettled([judge.call(request('x')), judge.call(request('x'))]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(server.requests).toHaveLength(1);
  });

  it('keeps the replies of two endpoints that serve one model name apart', async () => {
    server = await startJudgeServer({ handler: answer });
    const other = await startJudgeServer({ handler: () => ({ content: JSON.stringify({ verdict: 'no', reason: 'other weights' }) }) });
    try {
      const cache = createMemoryJudgeCache();
      const first = await withCache(createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'shared-name' }), cache).call(request('x'));
      const second = await withCache(createOpenAIJudge({ baseURL: other.url, apiKey: 'sk-other', model: 'shared-name' }), cache).call(request('x'));
      expect(second.cached).toBe(false);
      expect(other.requests).toHaveLength(1);
      expect([first.output.verdict, second.output.verdict]).toEqual(['yes', 'no']);
      // The same endpoint still answers from the cache, whatever key it is reached with.
      const again = await withCache(createOpenAIJudge({ baseURL: `${server.url}/`, apiKey: 'sk-rotated', model: 'shared-name' }), cache).call(request('x'));
      expect(again.cached).toBe(true);
      expect(server.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('keys on model, messages and schema, not on key order', () => {
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const a = judgeCacheKey('m', messages, { type: 'object', properties: { x: { type: 'string' } } });
    const b = judgeCacheKey('m', messages, { properties: { x: { type: 'string' } }, type: 'object' });
    expect(a).toBe(b);
    expect(judgeCacheKey('n', messages, { type: 'object' })).not.toBe(judgeCacheKey('m', messages, { type: 'object' }));
    expect(judgeCacheKey('m', [{ role: 'user', content: 'hi!' }], { type: 'object' })).not.toBe(
      judgeCacheKey('m', messages, { type: 'object' }),
    );
    expect(judgeCacheKey('m', messages, { type: 'array' })).not.toBe(judgeCacheKey('m', messages, { type: 'object' }));
  });
});
