import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { judgeSteps } from '@/lib/metrics/registry';
import { JudgeOutputError, type JudgeRequest } from '@/lib/judge/types';
import { estimateCost } from '@/lib/llm/prices';
import { answerByStep, requestSchemaName, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

const relevance = judgeSteps['conversation_relevancy.relevance'].output;
const attribution = judgeSteps['contextual_recall.attribution'].output;

const relevanceRequest = (userText = 'Is the reply relevant?'): JudgeRequest<typeof relevance._output> => ({
  step: 'conversation_relevancy.relevance',
  input: {},
  messages: [
    { role: 'system', content: 'You judge relevance.' },
    { role: 'user', content: userText },
  ],
  schema: relevance,
  schemaName: 'relevance_verdict',
});

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAI-compatible judge', () => {
  it('asks for strict structured output and returns the validated reply with usage and cost', async () => {
    server = await startJudgeServer({
      handler: answerByStep({ relevance_verdict: () => ({ verdict: 'yes', reason: 'on topic' }) }),
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'gpt-4.1-mini' });

    const reply = await judge.call(relevanceRequest());

    expect(reply.output).toEqual({ verdict: 'yes', reason: 'on topic' });
    expect(reply.cached).toBe(false);
    expect(reply.cacheKey).toMatch(/^[0-9a-f]{64}$/);
    const body = server.requests[0].body;
    expect(body.model).toBe('gpt-4.1-mini');
    expect(body.temperature).toBe(0);
    expect(body.response_format?.type).toBe('json_schema');
    expect(body.response_format?.json_schema).toMatchObject({ name: 'relevance_verdict', strict: true });
    const schema = body.response_format?.json_schema?.schema ?? {};
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['verdict', 'reason'] });
    expect(body.messages).toEqual(relevanceRequest().messages);

    expect(reply.promptTokens).toBeGreaterThan(0);
    expect(reply.completionTokens).toBeGreaterThan(0);
    expect(reply.costUsd).toBeCloseTo(estimateCost('gpt-4.1-mini', reply.promptTokens, reply.completionTokens), 12);
    expect(reply.costUsd).toBeGreaterThan(0);
    expect(judge.usage()).toEqual({
      calls: 1,
      promptTokens: reply.promptTokens,
      completionTokens: reply.completionTokens,
      cacheHits: 0,
      costUsd: reply.costUsd,
    });
  });

  it('makes nested objects strict and nullable fields required', async () => {
    server = await startJudgeServer({
      handler: () => ({ content: JSON.stringify({ verdicts: [{ sentence: 'a', verdict: 'yes', node: null, reason: 'r' }] }) }),
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });
    const reply = await judge.call({ ...relevanceRequest(), schema: attribution, schemaName: 'attribution' });

    expect(reply.output.verdicts[0].node).toBeNull();
    const items = (server.requests[0].body.response_format?.json_schema?.schema as { properties: { verdicts: { items: Record<string, unknown> } } }).properties.verdicts.items;
    expect(items.additionalProperties).toBe(false);
    expect(items.required).toEqual(['sentence', 'verdict', 'node', 'reason']);
    expect(JSON.stringify(items)).not.toContain('9007199254740991');
  });

  it('uses the request model when given and prices it; unknown models cost nothing', async () => {
    server = await startJudgeServer({ handler: () => ({ content: '{"verdict":"no","reason":"off topic"}' }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'llama3.1:8b' });

    const local = await judge.call(relevanceRequest());
    const priced = await judge.call({ ...relevanceRequest(), model: 'gpt-4o-2024-08-06' });

    expect(server.requests.map((r) => r.body.model)).toEqual(['llama3.1:8b', 'gpt-4o-2024-08-06']);
    expect(local.costUsd).toBe(0);
    expect(priced.costUsd).toBeCloseTo(estimateCost('gpt-4o', priced.promptTokens, priced.completionTokens), 12);
    expect(priced.cacheKey).not.toBe(local.cacheKey);
    expect(judge.usage().costUsd).toBeCloseTo(priced.costUsd, 12);
  });

  it('omits temperature for reasoning models', async () => {
    server = await startJudgeServer({ handler: () => ({ content: '{"verdict":"yes","reason":"ok"}' }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', model: 'o4-mini' });
    await judge.call(relevanceRequest());
    expect(server.requests[0].body).not.toHaveProperty('temperature');
  });

  it('repairs an invalid reply with one more request that carries the validation error', async () => {
    server = await startJudgeServer({
      handler: (_body, { index }) =>
        index === 0 ? { content: '{"verdict":"maybe","reason":"unsure"}' } : { content: '{"verdict":"no","reason":"fixed"}' },
    });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const reply = await judge.call(relevanceRequest());

    expect(reply.output).toEqual({ verdict: 'no', reason: 'fixed' });
    expect(reply.raw).toBe('{"verdict":"no","reason":"fixed"}');
    expect(server.requests).toHaveLength(2);
    const repair = server.requests[1].body.messages;
    expect(repair.slice(0, 2)).toEqual(relevanceRequest().messages);
    expect(repair[2]).toEqual({ role: 'assistant', content: '{"verdict":"maybe","reason":"unsure"}' });
    expect(repair[3].role).toBe('user');
    expect(repair[3].content).toContain('verdict');
    expect(repair[3].content).toMatch(/expected one of "yes"\|"no"/);
    expect(judge.usage().calls).toBe(2);
    expect(reply.promptTokens).toBe(judge.usage().promptTokens);
  });

  it('throws JudgeOutputError naming the step and the issue when the repair and a fresh request are invalid too', async () => {
    server = await startJudgeServer({ handler: () => ({ content: 'I think it is relevant.' }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test' });

    const error = await judge.call(relevanceRequest()).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(JudgeOutputError);
    expect((error as JudgeOutputError).message).toContain('conversation_relevancy.relevance');
    expect((error as JudgeOutputError).message).toContain('no valid JSON');
    expect((error as JudgeOutputError).raw).toBe('I think it is relevant.');
    // The first request, the repair prompt, then a fresh request (attempts default to 3).
    expect(server.requests).toHaveLength(3);
    expect(server.requests[1].body.messages).toHaveLength(4);
    expect(server.requests[2].body.messages).toEqual(relevanceRequest().messages);
    expect(judge.usage().calls).toBe(3);
    expect((error as JudgeOutputError).retries.map((r) => r.attempt)).toEqual([1, 2, 3]);
    expect((error as JudgeOutputError).retries[0].cause).toMatch(/^invalid reply: the reply contains no valid JSON/);
  });

  it('reads JSON out of fenced or prose replies', async () => {
    const replies = [
      'Sure! Here is my verdict:\n```json\n{"verdict":"yes","reason":"fenced"}\n```',
      '<think>the user asks {weird}</think>Verdict follows. {"verdict":"no","reason":"prose {braces}"} Hope it helps.',
    ];
    server = await startJudgeServer({ handler: (_b, { index }) => ({ content: replies[index] }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', responseFormat: 'text' });

    expect((await judge.call(relevanceRequest('a'))).output).toEqual({ verdict: 'yes', reason: 'fenced' });
    expect((await judge.call(relevanceRequest('b'))).output).toEqual({ verdict: 'no', reason: 'prose {braces}' });
    expect(server.requests).toHaveLength(2);
  });

  it('keeps requests in flight within the concurrency limit', async () => {
    server = await startJudgeServer({ latencyMs: 50, handler: () => ({ content: '{"verdict":"yes","reason":"ok"}' }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', concurrency: 3 });

    const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => judge.call(relevanceRequest(`q${i}`))));

    expect(replies).toHaveLength(12);
    expect(server.requests).toHaveLength(12);
    expect(server.maxInFlight).toBe(3);
  });

  it('stops waiting when the request is aborted', async () => {
    const slow = await startJudgeServer({ latencyMs: 60_000, handler: () => ({ content: '{"verdict":"yes","reason":"ok"}' }) });
    server = slow;
    const judge = createOpenAIJudge({ baseURL: slow.url, apiKey: 'sk-test' });
    const controller = new AbortController();
    const pending = judge.call({ ...relevanceRequest(), signal: controller.signal });
    // Abort while the server holds the request (it would answer after a minute, past the test's time).
    await waitFor('the request at the server', () => slow.requests.length === 1);
    controller.abort();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(slow.requests).toHaveLength(1);
  });

  it('answers scripted steps by schema name', async () => {
    server = await startJudgeServer({ handler: answerByStep({ other: () => ({}) }) });
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-test', maxRetries: 0, responseFormat: 'json_schema' });
    await expect(judge.call(relevanceRequest())).rejects.toMatchObject({ code: 'JUDGE' });
    expect(requestSchemaName(server.requests[0].body)).toBe('relevance_verdict');
  });
});
