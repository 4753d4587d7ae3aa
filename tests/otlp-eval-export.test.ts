import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { processPendingBatches } from '@/lib/ingest/process-batches';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { executeRunChunk } from '@/lib/runs/execution/execute-run-chunk';
import { finishRun } from '@/lib/runs/lifecycle';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { attr, genAiChatAttributes, spanExport } from './helpers/otlp-json';

/* A run on a live dataset sends its verdicts as gen_ai.evaluation.result events to a real OTLP/HTTP endpoint. */
interface ProtoType {
  decode(b: Uint8Array): unknown;
  toObject(m: unknown, o: object): Record<string, unknown>;
}
const ExportLogsServiceRequest = (createRequire(import.meta.url)('otlp-proto-codec/build/src/generated/root.js') as {
  opentelemetry: { proto: { collector: { logs: { v1: { ExportLogsServiceRequest: ProtoType } } } } };
}).opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;

interface Received {
  eventName: string;
  traceId: string;
  spanId: string;
  attributes: Record<string, unknown>;
  service: unknown;
}

/** A local OTLP/HTTP logs endpoint: decodes each body with the official generated codec; `status` is what it answers. */
async function startCollector() {
  const state = { status: 200, received: [] as Received[], authorization: [] as (string | undefined)[] };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      state.authorization.push(req.headers.authorization);
      if (state.status === 200) {
        const body = ExportLogsServiceRequest.toObject(ExportLogsServiceRequest.decode(Buffer.concat(chunks)), { bytes: String, longs: String, defaults: false });
        const value = (v: Record<string, unknown>) => v.stringValue ?? v.doubleValue ?? (v.intValue === undefined ? undefined : Number(v.intValue));
        for (const rl of body.resourceLogs as { resource: { attributes: { key: string; value: Record<string, unknown> }[] }; scopeLogs: { logRecords: Record<string, unknown>[] }[] }[]) {
          const service = value(rl.resource.attributes.find((a) => a.key === 'service.name')!.value);
          for (const sl of rl.scopeLogs)
            for (const r of sl.logRecords)
              state.received.push({
                eventName: r.eventName as string,
                traceId: Buffer.from(r.traceId as string, 'base64').toString('hex'),
                spanId: Buffer.from(r.spanId as string, 'base64').toString('hex'),
                attributes: Object.fromEntries((r.attributes as { key: string; value: Record<string, unknown> }[]).map((a) => [a.key, value(a.value)])),
                service,
              });
        }
      }
      res.writeHead(state.status, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let fresh: FreshDatabase;
let db: Db;
let collector: Awaited<ReturnType<typeof startCollector>>;
const saved = { endpoint: process.env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT, headers: process.env.TURNWISE_EVAL_EXPORT_OTLP_HEADERS };
const env = {};
const T1 = '1'.repeat(32);
const T2 = '2'.repeat(32);
const S1 = 'a'.repeat(16);
const S2 = 'b'.repeat(16);

beforeAll(async () => {
  fresh = await migratedDatabase('sqlite');
  db = createDbClient(fresh.url);
  collector = await startCollector();
  // One live conversation of two turns, each the answer of its own trace; the first names its response id.
  const body = spanExport('shop-bot', [
    { traceId: T1, spanId: S1, start: 1_000, attributes: [...genAiChatAttributes('c-7', 'Where is my order?', 'It ships tomorrow.'), attr('gen_ai.response.id', 'chatcmpl-1')] },
    { traceId: T2, spanId: S2, start: 2_000, attributes: genAiChatAttributes('c-7', 'Can I change the address?', 'Yes, until it ships.') },
  ]);
  const bytes = Buffer.from(JSON.stringify(body));
  await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body: bytes, byteSize: bytes.byteLength } });
  await processPendingBatches(db, { env: {} });
});

beforeEach(() => {
  collector.state.received = [];
  collector.state.authorization = [];
  collector.state.status = 200;
  process.env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT = collector.url;
  process.env.TURNWISE_EVAL_EXPORT_OTLP_HEADERS = 'authorization=Bearer%20collector-key';
});

afterAll(async () => {
  for (const [key, value] of [['TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT', saved.endpoint], ['TURNWISE_EVAL_EXPORT_OTLP_HEADERS', saved.headers]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await collector?.close();
  await db?.$disconnect();
  await fresh?.drop();
});

async function runToEnd(datasetId: string) {
  const request = runRequestSchema.parse({ datasetId, metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }], judge: { kind: 'offline' }, modelVersion: 'v2', concurrency: 1 });
  const { runId } = await enqueueRun(db, 'default', request, env);
  await executeRunChunk({ db, env, runId });
  const closed = await finishRun(db, runId);
  return { runId, closed };
}

describe('evaluation results back out over OTLP', () => {
  it('sends each turn verdict and the conversation score as gen_ai.evaluation.result events parented to the evaluated LLM spans', async () => {
    const live = await db.liveDataset.findUniqueOrThrow({ where: { projectId_service: { projectId: 'default', service: 'shop-bot' } } });
    const { runId, closed } = await runToEnd(live.datasetId);
    expect(closed.status).toBe('completed');
    const verdicts = await db.turnVerdict.findMany({ where: { runId }, orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, reason: true } });
    expect(verdicts.map((v) => v.turnIndex)).toEqual([1, 3]);
    const result = await db.result.findFirstOrThrow({ where: { runId }, select: { score: true, success: true } });

    const received = collector.state.received;
    expect(collector.state.authorization.every((a) => a === 'Bearer collector-key')).toBe(true);
    expect(received.every((r) => r.eventName === 'gen_ai.evaluation.result' && r.service === 'turnwise')).toBe(true);
    const turnEvents = received.filter((r) => r.attributes['turnwise.evaluation.scope'] === undefined);
    expect(turnEvents.map((r) => [r.traceId, r.spanId, r.attributes['turnwise.turn.index']])).toEqual([
      [T1, S1, 1],
      [T2, S2, 3],
    ]);
    const label = { yes: 'pass', no: 'fail', idk: 'undecided' } as Record<string, string>;
    expect(turnEvents[0].attributes).toMatchObject({
      'gen_ai.evaluation.name': 'conversation_relevancy',
      'gen_ai.evaluation.score.label': label[verdicts[0].verdict],
      'gen_ai.evaluation.explanation': verdicts[0].reason,
      'gen_ai.response.id': 'chatcmpl-1',
      'gen_ai.conversation.id': 'c-7',
      'turnwise.run.id': runId,
      'turnwise.model_version': 'v2',
    });
    expect(turnEvents[1].attributes['gen_ai.response.id']).toBeUndefined();
    const whole = received.filter((r) => r.attributes['turnwise.evaluation.scope'] === 'conversation');
    expect(whole).toHaveLength(1);
    expect(whole[0]).toMatchObject({ traceId: T2, spanId: S2 });
    expect(whole[0].attributes).toMatchObject({ 'gen_ai.evaluation.score.value': result.score, 'gen_ai.evaluation.score.label': result.success ? 'pass' : 'fail' });
    expect(await db.runEvalExport.findUniqueOrThrow({ where: { runId }, select: { events: true, skipped: true, error: true } })).toEqual({ events: 3, skipped: 0, error: null });
  });

  it('a refused export is logged and recorded; the run still completes', async () => {
    collector.state.status = 400;
    const live = await db.liveDataset.findUniqueOrThrow({ where: { projectId_service: { projectId: 'default', service: 'shop-bot' } } });
    const { runId, closed } = await runToEnd(live.datasetId);
    expect(closed.status).toBe('completed');
    expect((await db.run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('completed');
    expect(collector.state.authorization.length).toBeGreaterThan(0);
    const record = await db.runEvalExport.findUniqueOrThrow({ where: { runId } });
    expect(record.events).toBe(0);
    expect(record.error).toMatch(/^HTTP 400: /);
  });

  it('refuses an endpoint at a metadata address before any connection, and follows no redirect with its headers', async () => {
    // node:http opens its sockets through the agent's createConnection (net.createConnection, kept at load).
    const opened: unknown[][] = [];
    const refuse = ((...args: unknown[]) => {
      opened.push(args);
      throw new Error('no connection may be opened here');
    }) as never;
    const spies = [vi.spyOn(http.Agent.prototype, 'createConnection').mockImplementation(refuse), vi.spyOn(net, 'createConnection').mockImplementation(refuse)];
    try {
      process.env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT = 'http://169.254.169.254:4318';
      const live = await db.liveDataset.findUniqueOrThrow({ where: { projectId_service: { projectId: 'default', service: 'shop-bot' } } });
      const { runId, closed } = await runToEnd(live.datasetId);
      expect(closed.status).toBe('completed');
      expect(opened).toEqual([]);
      const record = await db.runEvalExport.findUniqueOrThrow({ where: { runId } });
      expect(record).toMatchObject({ events: 0, error: expect.stringMatching(/169\.254\.169\.254 is a link-local address: requests there are refused .*TURNWISE_EGRESS_ALLOW/) });
    } finally {
      for (const spy of spies) spy.mockRestore();
    }

    // A collector that redirects elsewhere: the exporter does not follow, the other origin never sees the headers.
    const other = await startCollector();
    const redirecting = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(307, { location: `${other.url}/v1/logs` }).end());
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    try {
      process.env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT = `http://127.0.0.1:${(redirecting.address() as AddressInfo).port}`;
      const live = await db.liveDataset.findUniqueOrThrow({ where: { projectId_service: { projectId: 'default', service: 'shop-bot' } } });
      const { runId } = await runToEnd(live.datasetId);
      expect(other.state.authorization).toEqual([]);
      expect((await db.runEvalExport.findUniqueOrThrow({ where: { runId } })).events).toBe(0);
    } finally {
      await new Promise<void>((resolve) => redirecting.close(() => resolve()));
      await other.close();
    }
  });

  it('a run on an uploaded dataset exports nothing', async () => {
    const dataset = await saveDataset(db, { projectId: 'default', name: 'uploaded', sourceFormat: 'deepeval', conversations: [{ turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] }] });
    const { runId } = await runToEnd(dataset.id);
    expect(collector.state.received).toEqual([]);
    expect(await db.runEvalExport.findUnique({ where: { runId } })).toBeNull();
  });
});
