import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { createPasswordUser } from '../lib/auth/users';
import { createDbClient, disconnectDb, getDb } from '../lib/db/client';
import { MAX_ATTRIBUTE_CHARS, MAX_BODY_BYTES } from '../lib/ingest/limits';
import { normalizeSpans } from '../lib/ingest/normalize';
import { decodeExport } from '../lib/ingest/otlp-codec';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { receiveBatch } from '../lib/ingest/receive-batch';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { attr, genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { protobufStatus } from './helpers/rpc-status';

// The OTLP routes' boundary with sign-in on: key scopes, sizes, backlog, encodings; then what the ingest step makes of a body.
let database: FreshDatabase;
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY, TURNWISE_OTLP_MAX_PENDING: process.env.TURNWISE_OTLP_MAX_PENDING };
let routes: { traces: typeof import('../app/api/otel/v1/traces/route'); compare: typeof import('../app/api/v1/compare/route') };
const keys: Record<'ingest' | 'editorFull' | 'viewerIngest', string> = { ingest: '', editorFull: '', viewerIngest: '' };

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  resetAuth();
  routes = { traces: await import('../app/api/otel/v1/traces/route'), compare: await import('../app/api/v1/compare/route') };
  const editor = await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'editor', password: 'correct horse battery', role: 'editor' });
  const viewer = await createPasswordUser(getDb(), { email: 'viewer@example.com', name: 'viewer', password: 'correct horse battery', role: 'viewer' });
  keys.ingest = (await createApiKey(getDb(), 'default', editor.id, 'support-bot exporter', 'ingest')).key;
  keys.editorFull = (await createApiKey(getDb(), 'default', editor.id, 'ci')).key;
  keys.viewerIngest = (await createApiKey(getDb(), 'default', viewer.id, 'viewer exporter', 'ingest')).key;
});

beforeEach(async () => {
  delete process.env.TURNWISE_OTLP_MAX_PENDING;
  await getDb().otlpBatch.deleteMany();
});

afterAll(async () => {
  resetAuth();
  await disconnectDb();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database.drop();
});

interface ProtoType {
  fromObject(o: object): unknown;
  encode(m: unknown): { finish(): Uint8Array<ArrayBuffer> };
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: object): Record<string, unknown>;
}
// The official generated codec the receiver decodes with, to write protobuf bodies and read its answers.
const otlp = (createRequire(import.meta.url)('otlp-proto-codec/build/src/generated/root.js') as { opentelemetry: { proto: { collector: Record<'trace' | 'logs', { v1: Record<string, ProtoType> }> } } }).opentelemetry.proto.collector;
const protoBody = (type: ProtoType, object: object) => type.encode(type.fromObject(object)).finish();
const protoAnswer = async (type: ProtoType, res: Response) => type.toObject(type.decode(new Uint8Array(await res.arrayBuffer())), { longs: Number });
const hexBytes = (hex: string) => Buffer.from(hex, 'hex');

const post = (body: BodyInit, headers: Record<string, string>) => routes.traces.POST(new Request('http://localhost/api/otel/v1/traces', { method: 'POST', body, headers }));
const json = (key: string, extra: Record<string, string> = {}) => ({ authorization: `Bearer ${key}`, 'content-type': 'application/json', ...extra });

describe('POST /api/otel/v1/traces', () => {
  it('takes an ingest key, which opens nothing else; a full key of an editor works too; a viewer or no key does not', async () => {
    expect((await post('{}', json(keys.ingest))).status).toBe(200);
    expect((await post('{}', json(keys.editorFull))).status).toBe(200);
    expect(await getDb().otlpBatch.count()).toBe(2);
    expect((await routes.compare.GET(new Request('http://localhost/api/v1/compare?baseline=a&candidate=b', { headers: { authorization: `Bearer ${keys.ingest}` } }))).status).toBe(401);
    expect((await post('{}', json(keys.viewerIngest))).status).toBe(403);
    expect((await post('{}', { 'content-type': 'application/json' })).status).toBe(401);
    expect((await post('{}', json(`${keys.ingest}x`))).status).toBe(401);
    // In the request's encoding, as OTLP/HTTP's failure body: a google.rpc.Status.
    const noKey = await post(protoBody(otlp.trace.v1.ExportTraceServiceRequest, {}), { 'content-type': 'application/x-protobuf' });
    expect(noKey.status).toBe(401);
    expect(noKey.headers.get('www-authenticate')).toBe('Bearer realm="turnwise"');
    expect(await protobufStatus(noKey)).toEqual({ code: 16, message: "Send Authorization: Bearer <ingest API key> (deepeval's exporters send it as x-confident-api-key)" });
    expect(await getDb().otlpBatch.count()).toBe(2);
  });

  it('refuses a body over the limit (413), an unknown content type (415), and answers 429 with Retry-After when the backlog is full', async () => {
    const big = await post(new Uint8Array(MAX_BODY_BYTES + 1), json(keys.ingest, { 'content-type': 'application/x-protobuf' }));
    expect(big.status).toBe(413);
    expect((await post('{}', json(keys.ingest, { 'content-type': 'text/plain' }))).status).toBe(415);
    expect(await getDb().otlpBatch.count()).toBe(0);
    process.env.TURNWISE_OTLP_MAX_PENDING = '1';
    expect((await post('{}', json(keys.ingest))).status).toBe(200);
    const behind = await post('{}', json(keys.ingest));
    expect(behind.status).toBe(429);
    expect(Number(behind.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await getDb().otlpBatch.count()).toBe(1);
  });

  it('stores a gzip OTLP/JSON body that the ingest step turns into turns; a span with a malformed id is rejected and said so', async () => {
    const trace1 = 'a'.repeat(32);
    const trace2 = 'b'.repeat(32);
    const body = spanExport('faq-bot', [
      // Sent out of order: the second turn first.
      { traceId: trace2, spanId: '2'.repeat(16), start: 2_000, attributes: genAiChatAttributes('c-9', 'Thanks, and the fee?', 'There is no fee.') },
      { traceId: trace1, spanId: '1'.repeat(16), start: 1_000, attributes: genAiChatAttributes('c-9', 'Can I cancel?', 'Yes, within 30 days.') },
      { traceId: 'not-hex', spanId: '3'.repeat(16), start: 3_000, attributes: [attr('gen_ai.operation.name', 'chat')] },
    ]);
    const res = await post(gzipSync(JSON.stringify(body)), json(keys.ingest, { 'content-encoding': 'gzip' }));
    expect(res.status).toBe(200);
    // The answer says at once what the ingest step later rejects.
    expect(await res.json()).toEqual({ partialSuccess: { rejectedSpans: '1', errorMessage: expect.stringMatching(/^1 span\(s\) rejected for malformed ids; first: span 2: traceId/) } });
    expect(await processPendingBatches(getDb(), { env: {} })).toBe(1);
    const batch = await getDb().otlpBatch.findFirstOrThrow();
    expect(batch.error).toMatch(/1 record\(s\) rejected; first: span 2: traceId/);
    const dataset = await getDb().dataset.findFirstOrThrow({ where: { name: 'Live: faq-bot' } });
    const turns = await getDb().turn.findMany({ where: { conversation: { datasetId: dataset.id, externalId: 'c-9' } }, orderBy: { index: 'asc' }, select: { role: true, content: true } });
    expect(turns).toEqual([
      { role: 'user', content: 'Can I cancel?' },
      { role: 'assistant', content: 'Yes, within 30 days.' },
      { role: 'user', content: 'Thanks, and the fee?' },
      { role: 'assistant', content: 'There is no fee.' },
    ]);
  });

  it('protobuf: answers partialSuccess in protobuf (rejectedSpans, errorMessage) for spans with short or all-zero ids, and stores the batch', async () => {
    const span = (traceId: string, spanId: string, parentSpanId?: string) => ({ traceId: hexBytes(traceId), spanId: hexBytes(spanId), ...(parentSpanId ? { parentSpanId: hexBytes(parentSpanId) } : {}), name: 'chat' });
    const body = protoBody(otlp.trace.v1.ExportTraceServiceRequest, {
      resourceSpans: [{ scopeSpans: [{ spans: [span('c'.repeat(32), '1'.repeat(16)), span('c'.repeat(32), 'abcd'), span('0'.repeat(32), '2'.repeat(16)), span('c'.repeat(32), '3'.repeat(16), '1'.repeat(16))] }] }],
    });
    const res = await post(body, json(keys.ingest, { 'content-type': 'application/x-protobuf' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    expect(await protoAnswer(otlp.trace.v1.ExportTraceServiceResponse, res)).toEqual({
      partialSuccess: { rejectedSpans: 2, errorMessage: '2 span(s) rejected for malformed ids; first: span 1: spanId is not a valid 8-byte id' },
    });
    expect(await getDb().otlpBatch.count()).toBe(1);
    await processPendingBatches(getDb(), { env: {} });
    expect((await getDb().otlpBatch.findFirstOrThrow()).error).toMatch(/^2 record\(s\) rejected; first: span 1: spanId/);
  });

  it('logs: a record with a malformed id is counted in rejectedLogRecords; one without ids is not', async () => {
    const body = protoBody(otlp.logs.v1.ExportLogsServiceRequest, {
      resourceLogs: [{ scopeLogs: [{ logRecords: [{ eventName: 'gen_ai.user.message' }, { traceId: hexBytes('ab'), spanId: hexBytes('1'.repeat(16)) }] }] }],
    });
    const logs = await import('../app/api/otel/v1/logs/route');
    const res = await logs.POST(new Request('http://localhost/api/otel/v1/logs', { method: 'POST', body, headers: json(keys.ingest, { 'content-type': 'application/x-protobuf' }) }));
    expect(res.status).toBe(200);
    expect(await protoAnswer(otlp.logs.v1.ExportLogsServiceResponse, res)).toEqual({ partialSuccess: { rejectedLogRecords: 1, errorMessage: expect.stringMatching(/^1 log record\(s\) rejected.*log record 1: traceId/) } });
  });

  it('answers 400 and stores nothing for an undecodable body or one whose every span has a malformed id; a full success is an empty answer', async () => {
    const garbage = await post(new Uint8Array([0x0a, 0xff, 0xff, 0xff]), json(keys.ingest, { 'content-type': 'application/x-protobuf' }));
    expect(garbage.status).toBe(400);
    // OTLP/HTTP's failure body: a google.rpc.Status in the request's encoding.
    expect(garbage.headers.get('content-type')).toBe('application/x-protobuf');
    expect(await protobufStatus(garbage)).toEqual({ code: 3, message: expect.stringMatching(/^OTLP protobuf body: /) });
    const badGzip = await post('not gzip', json(keys.ingest, { 'content-encoding': 'gzip' }));
    expect(badGzip.status).toBe(400);
    expect((await badGzip.json()).error.message).toMatch(/^gzip body: /);
    expect((await post('{"resourceSpans": [', json(keys.ingest))).status).toBe(400);
    const allBad = await post(JSON.stringify(spanExport('faq-bot', [{ traceId: 'xyz', spanId: '1'.repeat(16), start: 1, attributes: [] }])), json(keys.ingest));
    expect(allBad.status).toBe(400);
    expect(await allBad.json()).toMatchObject({
      code: 3,
      message: 'All 1 span(s) have malformed ids; first: span 0: traceId is not a valid 16-byte id',
      error: { code: 'BAD_INPUT', field: 'body', message: 'All 1 span(s) have malformed ids; first: span 0: traceId is not a valid 16-byte id' },
    });
    expect(await getDb().otlpBatch.count()).toBe(0);
    const good = await post(JSON.stringify(spanExport('faq-bot', [{ traceId: 'D'.repeat(32), spanId: '1'.repeat(16), start: 1, attributes: [] }])), json(keys.ingest));
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({});
    const goodProto = await post(protoBody(otlp.trace.v1.ExportTraceServiceRequest, {}), json(keys.ingest, { 'content-type': 'application/x-protobuf' }));
    expect(await protoAnswer(otlp.trace.v1.ExportTraceServiceResponse, goodProto)).toEqual({});
  });

  it('cuts attributes past their bounds span by span and never refuses the batch; the answer counts what was cut (rejectedSpans 0), as the worker cuts', async () => {
    const many = Array.from({ length: 1_100 }, (_, i) => attr(`app.extra.${i}`, 'x'));
    const llm = [
      attr('openinference.span.kind', 'LLM'),
      attr('session.id', 'long-1'),
      attr('llm.input_messages.0.message.role', 'user'),
      attr('llm.input_messages.0.message.content', 'Summarise the report'),
      attr('llm.output_messages.0.message.content', 'a'.repeat(MAX_ATTRIBUTE_CHARS + 50_000)),
      { key: 'app.tags', value: { arrayValue: { values: Array.from({ length: 1_200 }, (_, i) => ({ stringValue: `t${i}` })) } } },
      ...many,
    ];
    const body = spanExport('cut-bot', [{ traceId: 'e'.repeat(32), spanId: '1'.repeat(16), start: 1_000, attributes: llm }]);
    const span = body.resourceSpans[0].scopeSpans[0].spans[0] as Record<string, unknown>;
    span.events = Array.from({ length: 130 }, (_, i) => ({ name: `step ${i}`, timeUnixNano: '1', attributes: [attr('note', i === 0 ? 'n'.repeat(MAX_ATTRIBUTE_CHARS + 1) : 'ok')] }));
    const warning =
      'kept with cuts: 2 attribute value(s) cut to 100,000 characters; 1 list or map value(s) cut to 1,000 items; 106 attribute(s) past 1,000 on one record dropped; 2 span event(s) past 128 on one span dropped';

    const res = await post(JSON.stringify(body), json(keys.ingest));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ partialSuccess: { rejectedSpans: '0', errorMessage: warning } });
    // The same body in protobuf: the checking thread reads the decoded message, and counts the same.
    const proto = await post(protoBody(otlp.trace.v1.ExportTraceServiceRequest, JSON.parse(JSON.stringify(body).replace(/"(traceId|spanId)":"([0-9a-f]+)"/g, (_m, k, hex) => `"${k}":"${Buffer.from(hex, 'hex').toString('base64')}"`))), json(keys.ingest, { 'content-type': 'application/x-protobuf' }));
    expect(await protoAnswer(otlp.trace.v1.ExportTraceServiceResponse, proto)).toEqual({ partialSuccess: { rejectedSpans: 0, errorMessage: warning } });
    // The worker's own count of the same body.
    expect(normalizeSpans(decodeExport('traces', 'json', false, new TextEncoder().encode(JSON.stringify(body)))).cut).toEqual({ values: 2, lists: 1, attributes: 106, events: 2 });

    await processPendingBatches(getDb(), { env: {} });
    const answer = await getDb().turn.findFirstOrThrow({ where: { conversation: { externalId: 'long-1' }, role: 'assistant' }, select: { content: true } });
    expect(answer.content).toHaveLength(MAX_ATTRIBUTE_CHARS);
  });

  it('answers 503 with Retry-After and stores nothing when the database cannot be reached', async () => {
    const gone = createDbClient('postgresql://turnwise:turnwise@127.0.0.1:9/nowhere?connect_timeout=2');
    try {
      const res = await receiveBatch(gone, 'default', new Request('http://localhost/api/otel/v1/traces', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }), 'traces', {});
      expect(res.status).toBe(503);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).error.message).toMatch(/cannot be reached; nothing was stored/);
    } finally {
      await gone.$disconnect();
    }
  });
});
