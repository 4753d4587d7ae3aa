import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { createPasswordUser } from '../lib/auth/users';
import { disconnectDb, getDb } from '../lib/db/client';
import { createOnlineRule } from '../lib/db/queries/online/online-rules';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { attr, spanExport } from './helpers/otlp-json';
import { answerLikeOfflineJudge, promptInput, stepOf } from './helpers/step-answers';

/*
 * deepeval's traced threads: what deepeval 4.1.10 posted to /v1/traces (recorded payloads) lands
 * as live conversations through the ingest step, OTLP from its OpenTelemetry integrations carries
 * its confident.* attributes, and evaluate_thread() runs an online rule on a thread now.
 */

interface Recorded {
  url: string;
  headers: Record<string, string>;
  body: Record<string, unknown>;
}
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'deepeval-4.1.10');
const recorded = (name: string): Recorded => JSON.parse(fs.readFileSync(path.join(FIXTURES, fs.readdirSync(FIXTURES).find((f) => f.startsWith(name))!), 'utf8')) as Recorded;
const TRACES = ['006', '007', '008', '009'].map(recorded);
const EVALUATE = recorded('010');

let database: FreshDatabase;
let judge: JudgeServer;
const saved = {
  DATABASE_URL: process.env.DATABASE_URL,
  TURNWISE_AUTH: process.env.TURNWISE_AUTH,
  TURNWISE_API_KEY: process.env.TURNWISE_API_KEY,
  OPENAI_BASE_URL: process.env.OPENAI_BASE_URL,
  OPENAI_API_KEY: process.env.OPENAI_API_KEY,
};
const keys = { editor: '', ingest: '', viewerIngest: '' };
let routes: {
  traces: typeof import('../app/api/deepeval/v1/traces/route');
  evaluate: typeof import('../app/api/deepeval/v1/evaluate/threads/[threadId]/route');
  otlp: typeof import('../app/api/otel/v1/traces/route');
};

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  resetAuth();
  judge = await startJudgeServer({ handler: answerLikeOfflineJudge() });
  process.env.OPENAI_BASE_URL = judge.url;
  process.env.OPENAI_API_KEY = 'test-key';
  routes = {
    traces: await import('../app/api/deepeval/v1/traces/route'),
    evaluate: await import('../app/api/deepeval/v1/evaluate/threads/[threadId]/route'),
    otlp: await import('../app/api/otel/v1/traces/route'),
  };
  const editor = await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'editor', password: 'correct horse battery', role: 'editor' });
  const viewer = await createPasswordUser(getDb(), { email: 'viewer@example.com', name: 'viewer', password: 'correct horse battery', role: 'viewer' });
  keys.editor = (await createApiKey(getDb(), 'default', editor.id, 'pytest')).key;
  keys.ingest = (await createApiKey(getDb(), 'default', editor.id, 'tracer', 'ingest')).key;
  keys.viewerIngest = (await createApiKey(getDb(), 'default', viewer.id, 'viewer tracer', 'ingest')).key;
});

afterAll(async () => {
  resetAuth();
  await disconnectDb();
  await judge?.close();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database.drop();
});

/** A request as deepeval sent it (its headers, the key swapped for this server's). */
function asSent(r: Recorded, key: string, body: unknown = r.body): Request {
  const headers = { ...r.headers, 'confident-api-key': key };
  return new Request(`http://localhost/api/deepeval${r.url}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
const postTrace = (body: unknown, key = keys.ingest) => routes.traces.POST(asSent(TRACES[0], key, body));
const evaluate = (threadId: string, body: unknown, key = keys.editor) =>
  routes.evaluate.POST(new Request(`http://localhost/api/deepeval/v1/evaluate/threads/${threadId}`, { method: 'POST', headers: { ...EVALUATE.headers, 'confident-api-key': key }, body: JSON.stringify(body) }), {
    params: Promise.resolve({ threadId }),
  });

async function liveTurns(service: string, externalId: string) {
  const dataset = await getDb().dataset.findFirstOrThrow({ where: { name: `Live: ${service}` }, select: { id: true, turnCount: true, conversationCount: true } });
  const turns = await getDb().turn.findMany({
    where: { conversation: { datasetId: dataset.id, externalId } },
    orderBy: { index: 'asc' },
    select: { role: true, content: true, retrievalContext: true, toolsCalled: true, metadata: true },
  });
  return { dataset, turns };
}

const stored = async () => ({ traces: await getDb().otelTrace.count(), calls: await getDb().otelLlmCall.count(), conversations: await getDb().conversation.count() });

describe('POST /api/deepeval/v1/traces', () => {
  it("turns deepeval 4.1.10's recorded traces into live conversations by thread, a turn per trace, and a retried trace changes nothing", async () => {
    for (const trace of TRACES) {
      const res = await routes.traces.POST(asSent(trace, keys.ingest));
      expect(res.status).toBe(200);
      const answer = await res.json();
      expect(answer).toMatchObject({ success: true, id: trace.body.uuid, data: { id: trace.body.uuid } });
      expect(answer.link).toMatch(/^http:\/\/localhost\/datasets\/[^/]+\/conversations\/[^/]+$/);
    }
    const { dataset, turns } = await liveTurns('deepeval/development', 'thread-0');
    expect(turns.map((t) => [t.role, t.content])).toEqual([
      ['user', 'question 0 of thread 0'],
      ['assistant', 'Answer to: question 0 of thread 0'],
      ['user', 'question 1 of thread 0'],
      ['assistant', 'Answer to: question 1 of thread 0'],
    ]);
    expect(turns.filter((t) => t.role === 'assistant').map((t) => t.retrievalContext)).toEqual([['policy doc'], ['policy doc']]);
    expect((await liveTurns('deepeval/development', 'thread-1')).turns).toHaveLength(4);
    expect(dataset).toMatchObject({ conversationCount: 2, turnCount: 8 });

    // deepeval sends a trace again when its request failed: the same uuid is the same turn. Its link is on the host it called.
    const before = await stored();
    const again = asSent(TRACES[1], keys.ingest);
    again.headers.set('host', '127.0.0.1:3510');
    const retried = await routes.traces.POST(again);
    expect(retried.status).toBe(200);
    expect((await retried.json()).link).toMatch(/^http:\/\/127\.0\.0\.1:3510\/datasets\//);
    expect(await stored()).toEqual(before);
    expect((await liveTurns('deepeval/development', 'thread-0')).dataset).toMatchObject({ conversationCount: 2, turnCount: 8 });
  });

  it("attaches the tool spans, a retriever's context and the metadata to the turn; a trace without a thread is a conversation of its own, in its environment's dataset", async () => {
    const uuid = '9b2f0c1e-5d4a-4c3b-8a7f-0e1d2c3b4a59';
    const res = await postTrace({
      ...TRACES[0].body,
      uuid,
      threadId: undefined,
      environment: 'production',
      input: { question: 'Where is order 42?' },
      output: 'Order 42 ships tomorrow.',
      retrievalContext: undefined,
      metadata: { model_version: 'v7', nested: { ignored: true } },
      retrieverSpans: [{ uuid: 'r', name: 'search', type: 'retriever', startTime: '2026-11-29T04:55:12.407Z', endTime: '2026-11-29T04:55:12.408Z', retrievalContext: ['Order 42: shipping tomorrow'] }],
      llmSpans: [{ uuid: 'l', name: 'llm', type: 'llm', startTime: '2026-11-29T04:55:12.409Z', endTime: '2026-11-29T04:55:12.410Z', model: 'gpt-4o-mini' }],
      toolSpans: [{ uuid: 't', name: 'lookup_order', type: 'tool', startTime: '2026-11-29T04:55:12.408Z', endTime: '2026-11-29T04:55:12.409Z', input: { id: 42 }, output: { eta: 'tomorrow' }, unknownField: 1 }],
      someFieldDeepevalAddsLater: { kept: 'ignored' },
    });
    expect(res.status).toBe(200);
    const { turns } = await liveTurns('deepeval/production', `trace:${uuid.replaceAll('-', '')}`);
    expect(turns.map((t) => t.content)).toEqual(['{"question":"Where is order 42?"}', 'Order 42 ships tomorrow.']);
    expect(turns[1]).toMatchObject({
      retrievalContext: ['Order 42: shipping tomorrow'],
      toolsCalled: [{ name: 'lookup_order', input_parameters: { id: 42 }, output: { eta: 'tomorrow' } }],
      metadata: { labels: { model_version: 'v7', 'confident.llm.model': 'gpt-4o-mini' } },
    });
  });

  it('answers a body that is not a trace with a 400 naming the field path, storing nothing', async () => {
    const before = await stored();
    const cases: [unknown, string][] = [
      [{ ...TRACES[0].body, uuid: undefined }, 'uuid: the trace needs its uuid (text)'],
      [{ ...TRACES[0].body, retrievalContext: ['policy doc', 3] }, 'retrievalContext.1: expected text'],
      [{ ...TRACES[0].body, baseSpans: [{ ...(TRACES[0].body.baseSpans as object[])[0], toolsCalled: [{ inputParameters: {} }] }] }, 'baseSpans.0.toolsCalled.0.name: a tool needs a name (text)'],
      [{ ...TRACES[0].body, startTime: 'yesterday' }, 'startTime: expected a date and time (ISO 8601 text)'],
      [{ ...TRACES[0].body, threadId: 'x'.repeat(201) }, 'threadId: at most 200 characters'],
      [[TRACES[0].body], 'body: expected a trace (a JSON object)'],
      ['{"uuid": ', 'body: expected a JSON object'],
    ];
    for (const [body, error] of cases) {
      const res = await postTrace(body);
      expect(res.status, error).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
    }
    expect(await stored()).toEqual(before);
  });

  it("takes an ingest key or an editor's full key, never a viewer's", async () => {
    const viewer = await postTrace(TRACES[0].body, keys.viewerIngest);
    expect(viewer.status).toBe(403);
    expect((await viewer.json()).success).toBe(false);
    expect((await postTrace(TRACES[0].body, keys.editor)).status).toBe(200);
  });
});

/** One OTLP/JSON attribute holding a list of texts, as deepeval's integrations write its lists. */
const listAttr = (key: string, values: string[]) => ({ key, value: { arrayValue: { values: values.map((stringValue) => ({ stringValue })) } } }) as unknown as ReturnType<typeof attr>;

describe("OTLP from deepeval's OpenTelemetry integrations", () => {
  it('sends x-confident-api-key; confident.trace.thread_id names the conversation, and the trace input and output its turn, with its retrieval context and tools', async () => {
    const agent = (n: number) => [
      attr('confident.span.type', 'agent'),
      attr('confident.trace.thread_id', 'otel-thread'),
      attr('confident.trace.environment', 'staging'),
      attr('confident.trace.input', `Question ${n}?`),
      attr('confident.trace.output', `Answer ${n}.`),
      listAttr('confident.trace.retrieval_context', [`doc ${n}`]),
      listAttr('confident.trace.tools_called', [JSON.stringify({ name: 'search', inputParameters: { q: `q${n}` }, output: 'found' }), 'not json']),
    ];
    // The agent's LLM call inside the trace: the trace's own input and output are the turn, not its messages.
    const llm = [attr('openinference.span.kind', 'LLM'), attr('llm.input_messages.0.message.role', 'user'), attr('llm.input_messages.0.message.content', 'rewritten prompt'), attr('llm.output_messages.0.message.content', 'draft')];
    const body = spanExport('support-agent', [
      { traceId: 'e1'.repeat(16), spanId: 'a1'.repeat(8), start: 1_000, attributes: agent(1) },
      { traceId: 'e1'.repeat(16), spanId: 'b1'.repeat(8), start: 1_001, attributes: llm },
      { traceId: 'e2'.repeat(16), spanId: 'a2'.repeat(8), start: 2_000, attributes: agent(2) },
    ]);
    const res = await routes.otlp.POST(new Request('http://localhost/api/otel/v1/traces', { method: 'POST', headers: { 'content-type': 'application/json', 'x-confident-api-key': keys.ingest }, body: JSON.stringify(body) }));
    expect(res.status).toBe(200);
    await processPendingBatches(getDb(), { env: {} });
    const { turns } = await liveTurns('support-agent/staging', 'otel-thread');
    expect(turns.map((t) => t.content)).toEqual(['Question 1?', 'Answer 1.', 'Question 2?', 'Answer 2.']);
    expect(turns[1]).toMatchObject({ retrievalContext: ['doc 1'], toolsCalled: [{ name: 'search', input_parameters: { q: 'q1' }, output: 'found' }] });
  });
});

describe('POST /api/deepeval/v1/evaluate/threads/:threadId', () => {
  const METRICS = ['role_adherence', 'conversation_relevancy'];
  let ruleId = '';
  beforeAll(async () => {
    const live = await getDb().dataset.findFirstOrThrow({ where: { name: 'Live: deepeval/development' }, select: { id: true } });
    const rule = await createOnlineRule(
      getDb(), 'default',
      { name: 'nightly', datasetIds: [live.id], metrics: METRICS.map((name) => ({ name, options: {} })), judge: { kind: 'openai' }, sampleRate: 100, idleMinutes: 60, dailyCapUsd: null, dailyCapCalls: null, dailyCapTokens: null, versionAttribute: null, enabled: false },
      null,
    );
    ruleId = rule.id;
  });

  const dayResults = async (runId: string) =>
    getDb().result.findMany({ where: { runId }, select: { metric: true, error: true, conversation: { select: { externalId: true, turnCount: true, chatbotRole: true } } }, orderBy: { metric: 'asc' } });

  it("runs the rule named by metricCollection on the thread now, with deepeval's chatbotRole; scores it again only when overwriteMetrics says so", async () => {
    const res = await routes.evaluate.POST(asSent(EVALUATE, keys.editor), { params: Promise.resolve({ threadId: 'thread-0' }) });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ success: true, data: { threadId: 'thread-0', metricCollection: 'nightly', scored: true, turnCount: 4, superseded: false } });
    expect(answer.link).toBe(`http://localhost/runs/${answer.data.runId}/conversations/${answer.data.conversationId}`);
    const results = await dayResults(answer.data.runId);
    expect(results.map((r) => [r.metric, r.error])).toEqual(METRICS.map((m) => [m, null]).sort());
    expect(results[0].conversation).toEqual({ externalId: 'thread-0', turnCount: 4, chatbotRole: 'a polite bank assistant' });
    // The judge was asked about the role deepeval sent; the live conversation itself is left as it was.
    const roleSteps = judge.requests.filter((r) => stepOf(r.body)?.startsWith('role_adherence'));
    expect(roleSteps.length).toBeGreaterThan(0);
    expect(promptInput(roleSteps[0].body)).toMatchObject({ chatbotRole: 'a polite bank assistant' });
    expect((await getDb().conversation.findFirstOrThrow({ where: { externalId: 'thread-0', dataset: { name: 'Live: deepeval/development' } } })).chatbotRole).toBeNull();

    // Already scored at these turns: not scored again, the answer points at the result.
    const calls = judge.requests.length;
    const kept = await (await evaluate('thread-0', { ...EVALUATE.body, overwriteMetrics: false })).json();
    expect(kept.data).toMatchObject({ scored: false, runId: answer.data.runId, conversationId: answer.data.conversationId });
    expect(judge.requests.length).toBe(calls);

    // overwriteMetrics: scored again; the new result takes the old one's place, which stays readable among the superseded.
    const again = await (await evaluate('thread-0', { ...EVALUATE.body, overwriteMetrics: true })).json();
    expect(again.data).toMatchObject({ scored: true, superseded: true });
    expect(again.data.conversationId).not.toBe(answer.data.conversationId);
    expect((await dayResults(again.data.runId)).map((r) => r.conversation.externalId)).toEqual(['thread-0', 'thread-0']);
    expect(await getDb().onlineScore.findMany({ where: { ruleId }, select: { externalId: true, turnCount: true, supersededAt: true, conversationId: true } })).toEqual([
      { externalId: 'thread-0', turnCount: 4, supersededAt: null, conversationId: again.data.conversationId },
    ]);
    const history = await getDb().dataset.findFirstOrThrow({ where: { onlineRuleId: ruleId, onlineDay: 'superseded' }, select: { runs: { select: { id: true } } } });
    expect(await dayResults(history.runs[0].id)).toHaveLength(2);
    const run = await getDb().run.findUniqueOrThrow({ where: { id: again.data.runId }, select: { status: true, doneItems: true, totalItems: true } });
    expect(run).toEqual({ status: 'completed', doneItems: 2, totalItems: 2 });
  });

  it('answers an unknown rule or thread with a 404 naming which, and a bad body with a 400 naming the field; nothing is scored', async () => {
    const scores = await getDb().onlineScore.count();
    const unknownRule = await evaluate('thread-1', { ...EVALUATE.body, metricCollection: 'weekly' });
    expect(unknownRule.status).toBe(404);
    expect(await unknownRule.json()).toEqual({ success: false, error: expect.stringMatching(/^No online rule is named "weekly"/) });
    const unknownThread = await evaluate('thread-9', EVALUATE.body);
    expect(unknownThread.status).toBe(404);
    expect(await unknownThread.json()).toEqual({ success: false, error: expect.stringMatching(/^No conversation "thread-9" in the live datasets of online rule "nightly"/) });
    for (const [body, error] of [
      [{ overwriteMetrics: false }, 'metricCollection: name the online rule to run (text)'],
      [{ ...EVALUATE.body, overwriteMetrics: 'yes' }, 'overwriteMetrics: expected true or false'],
    ] as const) {
      const res = await evaluate('thread-1', body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, error });
    }
    // An ingest-only key sends traces, nothing else.
    expect((await evaluate('thread-1', EVALUATE.body, keys.ingest)).status).toBe(401);
    expect(await getDb().onlineScore.count()).toBe(scores);
  });
});
