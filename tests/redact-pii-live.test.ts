import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { listAudit } from '../lib/auth/audit';
import { createPasswordUser } from '../lib/auth/users';
import { disconnectDb, getDb } from '../lib/db/client';
import { createOnlineRule } from '../lib/db/queries/online/online-rules';
import { actorOf, principalOf } from '../lib/identity/principal';
import { DEFAULT_PROJECT } from '../lib/identity/project';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { setLiveRedaction } from '../lib/redaction/live-redaction';
import { addRedactionPattern, removeRedactionPattern } from '../lib/redaction/patterns';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { attr, spanExport, type OtlpAttribute } from './helpers/otlp-json';
import { answerLikeOfflineJudge } from './helpers/step-answers';

/*
 * Live datasets: traces carrying personal data arrive through OTLP and deepeval's REST door and are
 * stored redacted by their live dataset's setting (TURNWISE_LIVE_REDACT for a new service), the
 * judge of an online rule reads only the redacted text, a change of setting applies to what
 * arrives after it and is audited, and so are the user's patterns.
 */

const PII = {
  email: 'maria.lopez@example.com',
  phone: '+1 415 555 0123',
  card: '4111 1111 1111 1111',
  ip: '203.0.113.42',
  staff: 'EMP-204518',
  otherEmail: 'refunds@example.org',
  role: 'agent.kim@example.com',
};
const LOOK_ALIKES = ['ORD-2024-001234', '2024-11-29T10:20:30Z', 'v2.3.1'];

let database: FreshDatabase;
let judge: JudgeServer;
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY, OPENAI_BASE_URL: process.env.OPENAI_BASE_URL, OPENAI_API_KEY: process.env.OPENAI_API_KEY, TURNWISE_LIVE_REDACT: process.env.TURNWISE_LIVE_REDACT };
let admin: ReturnType<typeof principalOf>;
let editor: ReturnType<typeof principalOf>;
const keys = { ingest: '', editor: '' };
let routes: {
  otlp: typeof import('../app/api/otel/v1/traces/route');
  traces: typeof import('../app/api/deepeval/v1/traces/route');
  evaluate: typeof import('../app/api/deepeval/v1/evaluate/threads/[threadId]/route');
};

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  delete process.env.TURNWISE_LIVE_REDACT;
  resetAuth();
  judge = await startJudgeServer({ handler: answerLikeOfflineJudge() });
  process.env.OPENAI_BASE_URL = judge.url;
  process.env.OPENAI_API_KEY = 'test-key';
  routes = {
    otlp: await import('../app/api/otel/v1/traces/route'),
    traces: await import('../app/api/deepeval/v1/traces/route'),
    evaluate: await import('../app/api/deepeval/v1/evaluate/threads/[threadId]/route'),
  };
  const adminUser = await createPasswordUser(getDb(), { email: 'admin@example.com', name: 'admin', password: 'correct horse battery', role: 'admin' });
  const editorUser = await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'editor', password: 'correct horse battery', role: 'editor' });
  admin = principalOf(actorOf({ id: adminUser.id, email: 'admin@example.com', name: 'admin', role: 'admin' }, 'session'), DEFAULT_PROJECT, 'admin');
  editor = principalOf(actorOf({ id: editorUser.id, email: 'editor@example.com', name: 'editor', role: 'editor' }, 'session'), DEFAULT_PROJECT, 'editor');
  keys.ingest = (await createApiKey(getDb(), 'default', editorUser.id, 'tracer', 'ingest')).key;
  keys.editor = (await createApiKey(getDb(), 'default', editorUser.id, 'pytest')).key;
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

const listAttr = (key: string, values: string[]): OtlpAttribute => ({ key, value: { arrayValue: { values: values.map((stringValue) => ({ stringValue })) } } });

/** A deepeval-shaped agent span (its trace's input, output, retrieval context and tool calls) sent over OTLP/JSON. */
async function sendOtlp(service: string, thread: string, traceId: string, input: string, output: string, extra: { docs?: string[]; tools?: unknown[] } = {}) {
  const attributes: OtlpAttribute[] = [
    attr('confident.span.type', 'agent'),
    attr('confident.trace.thread_id', thread),
    attr('confident.trace.input', input),
    attr('confident.trace.output', output),
    ...(extra.docs ? [listAttr('confident.trace.retrieval_context', extra.docs)] : []),
    ...(extra.tools ? [listAttr('confident.trace.tools_called', extra.tools.map((t) => JSON.stringify(t)))] : []),
  ];
  const body = spanExport(service, [{ traceId, spanId: traceId.slice(0, 16), start: Date.now() - 3_600_000, attributes }]);
  const res = await routes.otlp.POST(new Request('http://localhost/api/otel/v1/traces', { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.ingest}` }, body: JSON.stringify(body) }));
  expect(res.status).toBe(200);
}

async function liveConversation(service: string, externalId: string) {
  const dataset = await getDb().dataset.findFirstOrThrow({ where: { name: `Live: ${service}` }, select: { id: true, piiRedaction: true } });
  const conversation = await getDb().conversation.findFirstOrThrow({
    where: { datasetId: dataset.id, externalId },
    select: { redactions: true, turns: { orderBy: { index: 'asc' }, select: { content: true, retrievalContext: true, toolsCalled: true } } },
  });
  return { dataset, conversation };
}

const everything = async () =>
  JSON.stringify([
    await getDb().otelLlmCall.findMany(),
    await getDb().otelTrace.findMany(),
    await getDb().turn.findMany({ select: { content: true, retrievalContext: true, toolsCalled: true, metadata: true } }),
    await getDb().conversation.findMany({ select: { firstUserMessage: true, chatbotRole: true, name: true } }),
  ]);

describe('redaction of live datasets', () => {
  let shopId = '';

  it('stores an OTLP trace with personal data redacted by TURNWISE_LIVE_REDACT, counts it, and keeps no received body', async () => {
    await addRedactionPattern(getDb(), admin, { name: 'staff', pattern: 'EMP-[0-9]{6}' });
    await sendOtlp('shop', 'thread-1', 'a1'.repeat(16), `I am ${PII.email}, staff ${PII.staff}, call ${PII.phone} about ${LOOK_ALIKES[0]} of ${LOOK_ALIKES[1]}`, `Refund sent to card ${PII.card} (release ${LOOK_ALIKES[2]}).`, {
      docs: [`Login from ${PII.ip} by ${PII.otherEmail}`],
      tools: [{ name: 'lookup', inputParameters: { email: PII.email }, output: `owner ${PII.phone}` }],
    });
    expect(await getDb().otlpBatch.count()).toBe(1);
    await processPendingBatches(getDb(), { env: { TURNWISE_LIVE_REDACT: 'builtin,custom:staff' } });

    const { dataset, conversation } = await liveConversation('shop', 'thread-1');
    shopId = dataset.id;
    expect(dataset.piiRedaction).toEqual({ kinds: ['email', 'phone', 'card', 'ip'], patterns: ['staff'] });
    expect(conversation.turns.map((t) => t.content)).toEqual([
      `I am [EMAIL], staff [CUSTOM:staff], call [PHONE] about ${LOOK_ALIKES[0]} of ${LOOK_ALIKES[1]}`,
      `Refund sent to card [CARD] (release ${LOOK_ALIKES[2]}).`,
    ]);
    expect(conversation.turns[1].retrievalContext).toEqual(['Login from [IP] by [EMAIL]']);
    expect(conversation.turns[1].toolsCalled).toEqual([{ name: 'lookup', input_parameters: { email: '[EMAIL]' }, output: 'owner [PHONE]' }]);
    expect(conversation.redactions).toEqual({ email: 3, phone: 2, card: 1, ip: 1, 'custom:staff': 1 });
    // Nothing stored holds the personal data: not the facts, not the turns, not the body as received.
    const stored = await everything();
    for (const value of Object.values(PII).filter((v) => v !== PII.role)) expect(stored).not.toContain(value);
    expect(await getDb().otlpBatch.count()).toBe(0);
  });

  it('the judge of an online rule reads only the redacted text, the chatbot role sent beside the traces included', async () => {
    await createOnlineRule(
      getDb(), 'default',
      { name: 'shop-live', datasetIds: [shopId], metrics: [{ name: 'role_adherence', options: {} }, { name: 'conversation_relevancy', options: {} }], judge: { kind: 'openai' }, sampleRate: 100, idleMinutes: 1, dailyCapUsd: null, dailyCapCalls: null, dailyCapTokens: null, versionAttribute: null, enabled: false },
      null,
    );
    const before = judge.requests.length;
    const res = await routes.evaluate.POST(
      new Request('http://localhost/api/deepeval/v1/evaluate/threads/thread-1', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'confident-api-key': keys.editor },
        body: JSON.stringify({ metricCollection: 'shop-live', chatbotRole: `A support agent; escalate to ${PII.role}` }),
      }),
      { params: Promise.resolve({ threadId: 'thread-1' }) },
    );
    expect(res.status).toBe(200);
    const sent = JSON.stringify(judge.requests.slice(before).map((r) => r.body.messages));
    expect(judge.requests.length).toBeGreaterThan(before);
    for (const value of Object.values(PII)) expect(sent).not.toContain(value);
    expect(sent).toContain('[EMAIL]');
    expect(sent).toContain('[CARD]');
    expect(sent).toContain('escalate to [EMAIL]');
  });

  it("redacts deepeval's REST traces, and a setting changed later applies to what arrives after it only, recorded in the audit log", async () => {
    // No default: the first trace of deepeval/plain is stored as it comes.
    const post = (uuid: string, input: string) =>
      routes.traces.POST(
        new Request('http://localhost/api/deepeval/v1/traces', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'confident-api-key': keys.ingest },
          body: JSON.stringify({ uuid, environment: 'plain', threadId: 'rest-1', startTime: '2026-11-29T04:55:12.407Z', endTime: '2026-11-29T04:55:13.407Z', input, output: 'noted' }),
        }),
      );
    expect((await post('11111111-1111-4111-8111-111111111111', `mail ${PII.email}`)).status).toBe(200);
    const first = await liveConversation('deepeval/plain', 'rest-1');
    expect(first.dataset.piiRedaction).toBeNull();
    expect(first.conversation.turns[0].content).toBe(`mail ${PII.email}`);

    await expect(setLiveRedaction(getDb(), editor, first.dataset.id, { kinds: ['email'] })).rejects.toThrow(/Only an admin/);
    await expect(setLiveRedaction(getDb(), admin, first.dataset.id, { kinds: ['email'], patterns: ['nope'] })).rejects.toThrow(/patterns: no pattern named "nope"/);
    await setLiveRedaction(getDb(), admin, first.dataset.id, { kinds: ['email', 'phone'] });
    expect((await post('22222222-2222-4222-8222-222222222222', `call ${PII.phone}`)).status).toBe(200);
    const after = await liveConversation('deepeval/plain', 'rest-1');
    // The stored turn is left as it was; the new one arrived redacted.
    expect(after.conversation.turns.map((t) => t.content)).toEqual([`mail ${PII.email}`, 'noted', 'call [PHONE]', 'noted']);
    expect(after.conversation.redactions).toEqual({ phone: 1 });

    const audit = await listAudit(getDb());
    expect(audit.find((e) => e.action === 'redaction.live' && e.targetId === first.dataset.id)).toMatchObject({ actorEmail: 'admin@example.com', detail: 'Live: deepeval/plain: none → email,phone' });
    expect(audit.find((e) => e.action === 'redaction.pattern.create')).toMatchObject({ actorEmail: 'admin@example.com', detail: 'staff: EMP-[0-9]{6}' });
  });

  it('refuses a pattern RE2 cannot run, and removing a pattern takes it off the live datasets that used it, audited', async () => {
    await expect(addRedactionPattern(getDb(), admin, { name: 'bad', pattern: '(a)\\1' })).rejects.toThrow(/pattern: not a pattern RE2 accepts/);
    await expect(addRedactionPattern(getDb(), editor, { name: 'x', pattern: 'x' })).rejects.toThrow(/Only an admin/);
    const staff = await getDb().redactionPattern.findUniqueOrThrow({ where: { name: 'staff' } });
    await removeRedactionPattern(getDb(), admin, staff.id);
    expect((await getDb().dataset.findUniqueOrThrow({ where: { id: shopId } })).piiRedaction).toEqual({ kinds: ['email', 'phone', 'card', 'ip'], patterns: [] });
    const audit = await listAudit(getDb());
    expect(audit.find((e) => e.action === 'redaction.pattern.delete')).toMatchObject({ targetId: staff.id, detail: 'staff: EMP-[0-9]{6} (no longer applied to Live: shop)' });
    expect(audit.filter((e) => e.action === 'redaction.pattern.create')).toHaveLength(1);
  });
});
