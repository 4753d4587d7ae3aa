import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import type { Judge } from '@/lib/judge/types';
import { createMetric } from '@/lib/metrics';
import { ConversationalGEval, TurnGEval } from '@/lib/metrics/g-eval';
import { METRIC_NAMES } from '@/lib/metrics/registry';
import type { Conversation, Turn } from '@/lib/domain/conversation';
import type { MetricResult } from '@/lib/domain/metric-result';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { answerFromSchema, withFaultMix } from './helpers/schema-judge';

/*
 * Every metric through a real OpenAI-compatible server that answers from the request's JSON
 * schema alone, as a grammar-constrained local server (vLLM, llama.cpp, Ollama) does when its
 * model says little of use: whatever the schema allows must score. Then the same under a busy
 * provider's faults at concurrency 8.
 */

// The conversation of the issue: ten RAG exchanges, two documents retrieved for every reply.
const topics = ['refunds', 'delivery', 'warranty', 'returns', 'payment', 'invoices', 'accounts', 'support hours', 'gift cards', 'discounts'];
const ragChat: Conversation = {
  expectedOutcome: 'The customer learns the shop policy on every topic they ask about.',
  chatbotRole: 'A polite shop assistant who answers from the shop policies.',
  relevantTopics: topics,
  availableTools: [{ name: 'search_policies', description: 'Searches the shop policies by topic' }],
  turns: topics.flatMap((topic, i): Turn[] => [
    { role: 'user', content: `My name is Ana and order ${1000 + i} is about ${topic}. What is the policy on ${topic}?` },
    {
      role: 'assistant',
      content: `Our ${topic} policy: it takes ${i + 2} days. You can ask us again any time.`,
      retrievalContext: [`The ${topic} policy says it takes ${i + 2} days.`, `Questions about ${topic} go to the help desk, open 9 to 17.`],
      expectedOutput: `It takes ${i + 2} days.`,
      context: [`${topic} take ${i + 2} days`, 'the help desk is open 9 to 17'],
      toolsCalled: [{ name: 'search_policies', input_parameters: { topic } }],
    },
  ]),
};

const servers: JudgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(handler: JudgeServerHandler): Promise<JudgeServer> {
  const server = await startJudgeServer({ handler });
  servers.push(server);
  return server;
}

const judgeOn = (server: JudgeServer, responseFormat: 'json_schema' | 'json_object' | 'text' = 'json_schema'): Judge =>
  // Backoff from 1 ms: the faults are retried at once, so the test takes no wall-clock waits.
  createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'schema-only', name: 'local', concurrency: 8, retryBaseMs: 1, responseFormat });

/** Every metric: the built-in ones and a custom metric of each scope. */
const ALL = [...METRIC_NAMES, 'policy_conversation', 'policy_turn'] as const;
function measure(name: (typeof ALL)[number], judge: Judge): Promise<MetricResult> {
  if (name === 'policy_conversation') return new ConversationalGEval(judge, { name, criteria: 'Does the assistant state the shop policy it retrieved?' }).measure(ragChat);
  if (name === 'policy_turn') {
    const rubric = [{ range: [0, 4] as [number, number], meaning: 'misstates the policy' }, { range: [5, 8] as [number, number], meaning: 'states it' }];
    return new TurnGEval(judge, { name, criteria: 'Does the reply state the retrieved policy?', rubric }).measure(ragChat);
  }
  return createMetric(name, judge).measure(ragChat);
}

function expectScored(name: string, result: MetricResult): void {
  expect(result.error, `${name}: ${result.error}`).toBeNull();
  expect(result.score, name).toEqual(expect.any(Number));
  // No unit (window, turn) was left unjudged.
  expect(result.verdicts.filter((v) => v.verdict === 'error'), name).toEqual([]);
  // Conversation completeness judges the intentions the judge extracts, and a reply with none fits the schema.
  const nothingToJudge = name === 'conversation_completeness' && (result.steps.intentions as unknown[]).length === 0;
  if (nothingToJudge) expect(result.score, name).toBe(1);
  else expect(result.verdicts.length, name).toBeGreaterThan(0);
}

describe('a judge that answers only from the JSON schema', () => {
  it.each(ALL)('%s scores the 10-exchange RAG conversation with two documents per turn', async (name) => {
    const server = await serve(answerFromSchema(name.length));
    const result = await measure(name, judgeOn(server));
    expectScored(name, result);
    expect(server.requests.every((r) => r.body.response_format?.type === 'json_schema')).toBe(true);
    // One request per judge call: no reply was refused by validation.
    expect(result.calls.flatMap((c) => c.retries ?? [])).toEqual([]);
    expect(server.requests).toHaveLength(result.calls.length);
  });

  it.each(['json_object', 'text'] as const)('every metric scores in %s mode, where the same schema travels in the prompt', async (mode) => {
    const server = await serve(answerFromSchema(7));
    const judge = judgeOn(server, mode);
    const results = await Promise.all(ALL.map((name) => measure(name, judge)));
    results.forEach((result, i) => expectScored(ALL[i], result));
    expect(server.requests.some((r) => r.body.response_format?.json_schema)).toBe(false);
  });

  it('every metric scores under 429s on every 3rd request, 500s on every 7th and every 5th reply cut short, at concurrency 8', async () => {
    const handler = withFaultMix(answerFromSchema(3));
    const server = await serve(handler);
    const judge = judgeOn(server);
    const results = await Promise.all(ALL.map((name) => measure(name, judge)));
    results.forEach((result, i) => expectScored(ALL[i], result));
    expect(handler.faults.refused).toBeGreaterThan(10);
    expect(handler.faults.serverError).toBeGreaterThan(5);
    expect(handler.faults.cut).toBeGreaterThan(5);
    expect(server.maxInFlight).toBeLessThanOrEqual(8);
    // The faults are logged on the calls, none as an invalid reply: they never reached validation.
    const causes = results.flatMap((r) => r.calls.flatMap((c) => c.retries ?? []).map((x) => x.cause));
    expect(causes.some((c) => c.startsWith('429'))).toBe(true);
    expect(causes.some((c) => c.startsWith('500'))).toBe(true);
    expect(causes.some((c) => /cut/.test(c))).toBe(true);
    expect(causes.filter((c) => c.startsWith('invalid reply'))).toEqual([]);
  });
});
