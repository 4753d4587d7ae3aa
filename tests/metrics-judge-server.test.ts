import { readFileSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { createPrismaJudgeCache } from '@/lib/db/queries/judge-cache';
import { withCache } from '@/lib/judge/cache';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import type { Judge } from '@/lib/judge/types';
import { createMetric, referenceCallCount } from '@/lib/metrics';
import { METRIC_NAMES, type MetricName } from '@/lib/metrics/registry';
import { conversationSchema, type Conversation, type Turn } from '@/lib/domain/conversation';
import { type MetricResult } from '@/lib/domain/metric-result';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { answerLikeOfflineJudge, stepOf } from './helpers/step-answers';

/*
 * Every metric end to end through the OpenAI-compatible judge and a real HTTP server on
 * 127.0.0.1 that answers each step with the offline judge's logic, read from the prompt.
 */

const user = (content: string): Turn => ({ role: 'user', content });
const assistant = (content: string, retrieved: string, expected: string, context: string[]): Turn => ({
  role: 'assistant',
  content,
  retrievalContext: [retrieved],
  expectedOutput: expected,
  context,
  toolsCalled: [{ name: 'search_policy', input_parameters: { query: content.slice(0, 40) } }],
});

// Ten exchanges of a home-insurance support chat. Every assistant turn has retrieval context,
// an expected output, context items and a search tool call. Exchange 6 misstates the excess and exchange 8 asks
// again for the phone number the user gave, so the verdicts are not all "yes".
const claimChat: Conversation = {
  externalId: 'claim-chat',
  chatbotRole: 'A calm insurance claims assistant who helps customers report home damage.',
  expectedOutcome: 'An assessor visits within five working days. The excess on water damage claims is 250 euros.',
  relevantTopics: ['home insurance claims'],
  availableTools: [{ name: 'search_policy', description: 'Searches the policy wording' }, { name: 'open_claim', description: 'Registers a claim' }],
  turns: [
    user('Hi, my name is Dana Reyes and my policy number is HX-55821.'),
    assistant(
      'Thanks, Dana. Policy HX-55821 covers water damage from burst pipes up to 20,000 euros.',
      'Policy HX-55821 is a home policy. It covers water damage from burst pipes up to 20,000 euros.',
      'Policy HX-55821 covers water damage from burst pipes up to 20,000 euros.',
      ['water damage from burst pipes is covered', 'the limit is 20,000 euros'],
    ),
    user('A pipe burst in my kitchen last night.'),
    assistant(
      'I am sorry to hear that. A claim must be reported within 30 days of the damage.',
      'Claims must be reported within 30 days of the damage.',
      'Claims must be reported within 30 days of the damage.',
      ['report within 30 days'],
    ),
    user('I live at 14 Harbour Road, Galway.'),
    assistant(
      'An assessor can visit 14 Harbour Road within five working days.',
      'An assessor visits the insured home within five working days of the report.',
      'An assessor visits within five working days.',
      ['assessor visit within five working days'],
    ),
    user('Do I need photos of the damage?'),
    assistant(
      'Yes, please upload photos of the damage and the receipts for any repairs.',
      'Photos of the damage and receipts for repairs must be uploaded with the claim.',
      'Upload photos of the damage and the repair receipts.',
      ['photos of the damage', 'receipts for repairs'],
    ),
    user('My phone number is 087 555 1234.'),
    assistant(
      'The assessor will call you on 087 555 1234 before the visit.',
      'The assessor phones the customer before each visit.',
      'The assessor will phone before the visit.',
      ['the assessor calls before the visit'],
    ),
    user('Is there an excess on the claim?'),
    assistant(
      'Yes, the excess on water damage claims is 150 euros.',
      'The excess on water damage claims is 250 euros.',
      'The excess on water damage claims is 250 euros.',
      ['the excess is 250 euros'],
    ),
    user('How will I be paid?'),
    assistant(
      'Payments are made by bank transfer within ten days of approval.',
      'Approved claims are paid by bank transfer within ten days.',
      'Payment is by bank transfer within ten days of approval.',
      ['bank transfer', 'within ten days of approval'],
    ),
    user('Can I choose my own plumber?'),
    assistant(
      'Yes, you can choose your own plumber once the quote is approved. What is your phone number?',
      'Customers may choose their own plumber once the quote is approved.',
      'You may choose your own plumber once the quote is approved.',
      ['own plumber allowed', 'quote must be approved first'],
    ),
    user('What if the damage gets worse?'),
    assistant(
      'You must take reasonable steps to prevent further damage, such as turning off the water.',
      'The insured must take reasonable steps to prevent further damage, such as turning off the water supply.',
      'Take reasonable steps to prevent further damage, such as turning off the water.',
      ['prevent further damage', 'turn off the water'],
    ),
    user('Thanks, that is all for now.'),
    assistant(
      'You are welcome, Dana. Your claim reference will be sent by email.',
      'A claim reference is sent by email once the claim is registered.',
      'Your claim reference will be sent by email.',
      ['claim reference sent by email'],
    ),
  ],
};

const bankAccount = conversationSchema.parse(
  JSON.parse(readFileSync(new URL('./fixtures/conversations/bank-account.json', import.meta.url), 'utf8')),
);

const openAIJudge = (server: JudgeServer): Judge =>
  createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'judge-test', name: 'local' });

/** What must not change between two scorings of the same conversation. */
const outcome = (r: MetricResult) => ({
  score: r.score,
  success: r.success,
  reason: r.reason,
  error: r.error,
  verdicts: r.verdicts,
  steps: r.steps,
});

/** Every object of a JSON schema closes its properties and requires all of them (strict structured outputs). */
function assertStrict(schema: unknown, path = '$'): void {
  if (Array.isArray(schema)) return schema.forEach((s, i) => assertStrict(s, `${path}[${i}]`));
  if (typeof schema !== 'object' || schema === null) return;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object') {
    const keys = Object.keys((node.properties ?? {}) as object).sort();
    expect(node.additionalProperties, `${path}.additionalProperties`).toBe(false);
    expect([...((node.required ?? []) as string[])].sort(), `${path}.required`).toEqual(keys);
  }
  for (const [key, value] of Object.entries(node)) assertStrict(value, `${path}.${key}`);
}

const servers: JudgeServer[] = [];
async function serve(handler: JudgeServerHandler): Promise<JudgeServer> {
  const server = await startJudgeServer({ handler });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

// The clean run every other test compares with: each metric on its own server.
const clean = {} as Record<MetricName, { result: MetricResult; requests: number }>;
beforeAll(async () => {
  for (const name of METRIC_NAMES) {
    const server = await startJudgeServer({ handler: answerLikeOfflineJudge() });
    try {
      const result = await createMetric(name, openAIJudge(server)).measure(claimChat);
      clean[name] = { result, requests: server.requests.length };
    } finally {
      await server.close();
    }
  }
});

describe('metrics through a real OpenAI-compatible server', () => {
  it.each(METRIC_NAMES)('%s makes at most the reference call count, each with a strict json_schema', async (name) => {
    const server = await serve(answerLikeOfflineJudge());

    const result = await createMetric(name, openAIJudge(server)).measure(claimChat);

    expect(result.error).toBeNull();
    expect(result.score).toEqual(expect.any(Number));
    expect(result.verdicts.length).toBeGreaterThan(0);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.length).toBeLessThanOrEqual(referenceCallCount(name, claimChat));
    expect(result.usage.calls).toBe(server.requests.length);
    for (const { body } of server.requests) {
      const step = stepOf(body);
      expect(step === 'reason' || step?.startsWith(`${name}.`), `step ${step}`).toBe(true);
      expect(body.response_format?.type).toBe('json_schema');
      expect(body.response_format?.json_schema?.strict).toBe(true);
      expect(body.response_format?.json_schema?.name).toBe(step?.replace('.', '_'));
      assertStrict(body.response_format?.json_schema?.schema);
    }
    // Same conversation, same answers: the same result as the baseline run.
    expect(outcome(result)).toEqual(outcome(clean[name].result));
  });

  it('the test conversation gives mixed verdicts, so the comparisons below can tell results apart', () => {
    expect(clean.turn_faithfulness.result.score).toBeLessThan(1);
    expect(clean.knowledge_retention.result.score).toBeLessThan(1);
    expect(clean.knowledge_retention.result.verdicts.filter((v) => v.verdict === 'no').map((v) => v.turn)).toEqual([
      claimChat.turns.findIndex((t) => t.role === 'assistant' && t.content.includes('What is your phone number?')),
    ]);
  });

  it.each(METRIC_NAMES)('%s repairs an invalid reply with one more request and keeps its score', async (name) => {
    const server = await serve(answerLikeOfflineJudge((_step, _input, index) => (index === 0 ? { content: 'The verdict is yes.' } : undefined)));

    const result = await createMetric(name, openAIJudge(server)).measure(claimChat);

    expect(outcome(result)).toEqual(outcome(clean[name].result));
    expect(server.requests).toHaveLength(clean[name].requests + 1);
    // The repair request carries the original prompt, the invalid reply and the validation error.
    const repair = server.requests.find((r) => r.body.messages.some((m) => m.role === 'assistant' && m.content === 'The verdict is yes.'));
    expect(repair).toBeDefined();
    const original = server.requests[0].body.messages;
    expect(repair!.body.messages.slice(0, original.length)).toEqual(original);
    expect(repair!.body.messages.at(-1)).toMatchObject({ role: 'user', content: expect.stringMatching(/does not match the required JSON schema/) });
  });

  it('records a step that stays invalid after the repair as that metric\'s error; the other metrics on the judge succeed', async () => {
    // Valid JSON, but "maybe" is not one of the verdict enum's values: invalid twice.
    const server = await serve(
      answerLikeOfflineJudge((step) =>
        step === 'contextual_recall.attribution'
          ? { content: JSON.stringify({ verdicts: [{ sentence: 'x', verdict: 'maybe', node: null, reason: 'unsure' }] }) }
          : undefined,
      ),
    );
    const judge = openAIJudge(server);

    const results = await Promise.all(METRIC_NAMES.map((name) => createMetric(name, judge).measure(claimChat)));
    const byName = Object.fromEntries(results.map((r) => [r.metric, r])) as Record<MetricName, MetricResult>;

    const failed = byName.contextual_recall;
    expect(failed).toMatchObject({ score: null, success: false, reason: null });
    expect(failed.error).toContain('contextual_recall.attribution');
    expect(failed.error).toMatch(/invalid after 3 attempts/);
    const attributionRequests = server.requests.filter((r) => stepOf(r.body) === 'contextual_recall.attribution');
    expect(attributionRequests.some((r) => r.body.messages.some((m) => m.role === 'assistant' && m.content.includes('"maybe"')))).toBe(true);
    for (const name of METRIC_NAMES.filter((n) => n !== 'contextual_recall')) {
      expect(outcome(byName[name]), name).toEqual(outcome(clean[name].result));
    }
  });

  it.each(METRIC_NAMES)('%s gives the same result when a 429 (retry-after-ms) and a 500 come in the middle of its calls', async (name) => {
    const at429 = Math.floor(clean[name].requests / 3);
    const at500 = Math.floor((2 * clean[name].requests) / 3) + 1;
    const server = await serve(
      answerLikeOfflineJudge((_step, _input, index) => {
        if (index === at429) return { status: 429, headers: { 'retry-after-ms': '30' }, body: { error: { message: 'rate limited' } } };
        if (index === at500) return { status: 500, body: { error: { message: 'upstream failed' } } };
        return undefined;
      }),
    );

    const result = await createMetric(name, openAIJudge(server)).measure(claimChat);

    expect(outcome(result)).toEqual(outcome(clean[name].result));
    // Each error cost one retried request and no call.
    expect(server.requests).toHaveLength(clean[name].requests + 2);
    expect(result.usage.calls).toBe(clean[name].requests);
    // Two retried requests (a retry of the 429 may itself be the request that gets the 500).
    expect(server.requests.filter((r) => Number(r.headers['x-stainless-retry-count'] ?? 0) >= 1)).toHaveLength(2);
  });
});

describe('judge replies cached in the database', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await migratedDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('scores the same conversation again with a new judge and no server request', async () => {
    const server = await serve(answerLikeOfflineJudge());
    const measureAll = async () => {
      const db = createDbClient(database.url);
      try {
        const judge = withCache(openAIJudge(server), createPrismaJudgeCache(db));
        const results = await Promise.all(METRIC_NAMES.map((name) => createMetric(name, judge).measure(claimChat)));
        return { results, usage: judge.usage() };
      } finally {
        await db.$disconnect();
      }
    };

    const first = await measureAll();
    const requestsAfterFirst = server.requests.length;
    const second = await measureAll();

    expect(requestsAfterFirst).toBe(first.usage.calls);
    expect(first.usage.calls).toBeGreaterThan(0);
    expect(server.requests).toHaveLength(requestsAfterFirst);
    expect(second.usage.calls).toBe(0);
    expect(second.usage.promptTokens).toBe(0);
    expect(second.usage.cacheHits).toBe(first.usage.calls + first.usage.cacheHits);
    expect(second.results.map(outcome)).toEqual(first.results.map(outcome));
    expect(first.results.map(outcome)).toEqual(METRIC_NAMES.map((name) => outcome(clean[name].result)));
    second.results.forEach((r, i) => {
      expect(r.usage.calls).toBe(0);
      expect(r.usage.cacheHits).toBe(first.results[i].usage.calls + first.results[i].usage.cacheHits);
      expect(r.calls.every((c) => c.cached)).toBe(true);
    });
  });
});

describe('the bank-account conversation end to end', () => {
  const { turns } = bankAccount;
  /** The assistant turn that asks for something (pattern) after the user already gave it (value). */
  const asksAgain = (pattern: RegExp, value: string): number =>
    turns.findIndex(
      (t, i) => t.role === 'assistant' && pattern.test(t.content) && turns.slice(0, i).some((u) => u.role === 'user' && u.content.includes(value)),
    );

  it('finds attrition exactly where the assistant asks again for the full name and the account number', async () => {
    const nameTurn = asksAgain(/\byour full name\b/i, 'Alex Johnson');
    const accountTurn = asksAgain(/\byour bank account number\b/i, '456789124');
    expect(nameTurn).toBeGreaterThan(0);
    expect(accountTurn).toBeGreaterThan(nameTurn);
    const server = await serve(answerLikeOfflineJudge());

    const result = await createMetric('knowledge_retention', openAIJudge(server)).measure(bankAccount);

    expect(result.error).toBeNull();
    const attrition = result.verdicts.filter((v) => v.verdict === 'no');
    expect(attrition.map((v) => v.turn)).toEqual([nameTurn, accountTurn]);
    expect(attrition[0].reason).toMatch(/name/i);
    expect(attrition[1].reason).toMatch(/account number/i);
    expect(result.score).toBeCloseTo((result.verdicts.length - 2) / result.verdicts.length, 10);
    expect(result.success).toBe(true);
    expect(server.requests.length).toBeLessThanOrEqual(referenceCallCount('knowledge_retention', bankAccount));
  });
});
