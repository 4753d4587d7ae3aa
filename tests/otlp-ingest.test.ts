import { createRequire } from 'node:module';
import { context, SpanKind, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPLogExporter as OTLPLogExporterJson } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as OTLPLogExporterProto } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPTraceExporter as OTLPTraceExporterJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPTraceExporterProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { OpenAIInstrumentation as OpenInferenceInstrumentation } from '@arizeai/openinference-instrumentation-openai';
import { OpenAIInstrumentation } from '@opentelemetry/instrumentation-openai';
import { EventAttributes, Events, SpanAttributes } from '@traceloop/ai-semantic-conventions';
import { OpenAIInstrumentation as TraceloopInstrumentation } from '@traceloop/instrumentation-openai';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchLogRecordProcessor, LoggerProvider } from '@opentelemetry/sdk-logs';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { startApiServer } from './helpers/api-server';
import { lastUserMessage, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { startRouteHttpServer } from './helpers/route-http-server';

/*
 * Real traffic: an `openai` client wrapped by @opentelemetry/instrumentation-openai 0.21 calls a
 * scripted OpenAI-compatible server; the OpenTelemetry JS SDK exports the spans and the GenAI
 * log records over OTLP/HTTP (protobuf, then JSON) to the /api/otel/v1/* route handlers behind a
 * real HTTP server; the ingest worker's step turns them into live conversations.
 */

const require = createRequire(import.meta.url);

/** A fresh CommonJS copy of `openai` for each app, so that each instrumentation patches its own. */
function freshOpenAIModule(): { OpenAI: typeof OpenAI } {
  for (const key of Object.keys(require.cache)) if (key.includes('/node_modules/openai/')) delete require.cache[key];
  return require('openai') as { OpenAI: typeof OpenAI };
}

let api: { stop(): Promise<void> };
let llm: JudgeServer;
let otlp: Awaited<ReturnType<typeof startRouteHttpServer>>;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  api = await startApiServer();
  const traces = await import('../app/api/otel/v1/traces/route');
  const logs = await import('../app/api/otel/v1/logs/route');
  otlp = await startRouteHttpServer({ '/api/otel/v1/traces': traces.POST, '/api/otel/v1/logs': logs.POST });
  llm = await startJudgeServer({ handler: (body) => ({ content: `answer to: ${lastUserMessage(body)}` }) });
  context.setGlobalContextManager(contextManager.enable());
});

afterAll(async () => {
  context.disable();
  await otlp?.close();
  await llm?.close();
  await api?.stop();
});

interface App {
  /** One user turn: a draft call, then the final answer the user sees, in one trace. */
  turn(conversationId: string, history: OpenAI.ChatCompletionMessageParam[], text: string): Promise<string>;
  flushLogs(): Promise<void>;
  flushSpans(): Promise<void>;
  shutdown(): Promise<void>;
}

// Batches leave only when the test flushes them, so that it chooses which signal arrives first.
const HELD = { scheduledDelayMillis: 600_000, maxExportBatchSize: 512 };

type Instrumentation = 'otel' | 'openinference' | 'traceloop';

/** Wraps `openai` (its module) with one of the three instrumentations; returns how to take it off. */
function instrument(kind: Instrumentation, openai: { OpenAI: typeof OpenAI }, tracerProvider: BasicTracerProvider, loggerProvider: LoggerProvider): () => void {
  if (kind === 'openinference') {
    const oi = new OpenInferenceInstrumentation({ tracerProvider });
    oi.manuallyInstrument(openai as never);
    return () => oi.disable();
  }
  if (kind === 'traceloop') {
    const tl = new TraceloopInstrumentation({ traceContent: true });
    tl.setTracerProvider(tracerProvider);
    // Traceloop takes the OpenAI class itself.
    tl.manuallyInstrument(openai.OpenAI);
    return () => tl.disable();
  }
  const otel = new OpenAIInstrumentation({ captureMessageContent: true });
  otel.setTracerProvider(tracerProvider);
  otel.setLoggerProvider(loggerProvider);
  otel.getModuleDefinitions()[0].patch?.(openai, '6.0.0');
  return () => otel.getModuleDefinitions()[0].unpatch?.(openai, '6.0.0');
}

/**
 * The app's retrieval step as each instrumentation family writes it: OpenInference's RETRIEVER
 * span, or Traceloop's vector-DB span (as @traceloop/instrumentation-chromadb writes a query: one
 * `db.query.result` event per query text, its documents a JSON list, with the conventions' names).
 */
function retrieve(tracer: Tracer, kind: Instrumentation, text: string): void {
  if (kind !== 'traceloop') {
    tracer.startSpan('retrieve', { attributes: { 'openinference.span.kind': 'RETRIEVER', 'retrieval.documents.0.document.content': `doc about ${text}` } }).end();
    return;
  }
  const span = tracer.startSpan('chromadb.query', { kind: SpanKind.CLIENT, attributes: { [SpanAttributes.VECTOR_DB_VENDOR]: 'ChromaDB', 'db.chroma.query.n_results': '1' } });
  span.addEvent(Events.DB_QUERY_RESULT, {
    [EventAttributes.DB_QUERY_RESULT_ID]: JSON.stringify(['doc-1']),
    [EventAttributes.DB_QUERY_RESULT_DOCUMENT]: JSON.stringify([`doc about ${text}`]),
    [EventAttributes.DB_QUERY_RESULT_DISTANCE]: JSON.stringify([0.12]),
    [EventAttributes.DB_QUERY_RESULT_METADATA]: JSON.stringify([{ source: 'faq' }]),
  });
  span.end();
}

function instrumentedApp(encoding: 'protobuf' | 'json', resource: Record<string, string>, kind: Instrumentation = 'otel', conversationKey = 'gen_ai.conversation.id'): App {
  const base = `${otlp.url}/api/otel/v1`;
  const TraceExporter = encoding === 'protobuf' ? OTLPTraceExporterProto : OTLPTraceExporterJson;
  const LogExporter = encoding === 'protobuf' ? OTLPLogExporterProto : OTLPLogExporterJson;
  const tracerProvider = new BasicTracerProvider({
    resource: resourceFromAttributes(resource),
    spanProcessors: [new BatchSpanProcessor(new TraceExporter({ url: `${base}/traces` }), HELD)],
  });
  const loggerProvider = new LoggerProvider({
    resource: resourceFromAttributes(resource),
    processors: [new BatchLogRecordProcessor({ exporter: new LogExporter({ url: `${base}/logs` }), ...HELD })],
  });
  const openai = freshOpenAIModule();
  const uninstrument = instrument(kind, openai, tracerProvider, loggerProvider);
  const client = new openai.OpenAI({ baseURL: llm.url, apiKey: 'sk-test' });
  const tracer = tracerProvider.getTracer('support-app');
  return {
    async turn(conversationId, history, text) {
      return tracer.startActiveSpan('handle_message', { attributes: { [conversationKey]: conversationId } }, async (span) => {
        const messages: OpenAI.ChatCompletionMessageParam[] = [...history, { role: 'user', content: text }];
        await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: `Rewrite as a search query: ${text}` }] });
        retrieve(tracer, kind, text);
        const final = await client.chat.completions.create({ model: 'gpt-test', messages });
        span.end();
        return final.choices[0].message.content ?? '';
      });
    },
    flushLogs: () => loggerProvider.forceFlush(),
    flushSpans: () => tracerProvider.forceFlush(),
    async shutdown() {
      uninstrument();
      await tracerProvider.shutdown();
      await loggerProvider.shutdown();
    },
  };
}

async function liveConversations(datasetName: string) {
  const dataset = await getDb().dataset.findFirst({ where: { name: datasetName }, select: { id: true, sourceFormat: true, conversationCount: true, turnCount: true } });
  if (!dataset) return { dataset: null, conversations: [] };
  const conversations = await getDb().conversation.findMany({
    where: { datasetId: dataset.id },
    orderBy: { position: 'asc' },
    select: { externalId: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true, retrievalContext: true } } },
  });
  return { dataset, conversations };
}

async function runConversation(app: App, conversationId: string, questions: string[]): Promise<void> {
  const history: OpenAI.ChatCompletionMessageParam[] = [];
  for (const question of questions) {
    const answer = await app.turn(conversationId, history, question);
    history.push({ role: 'user', content: question }, { role: 'assistant', content: answer });
  }
}

const expectedTurns = (questions: string[]) =>
  questions.flatMap((q) => [
    { role: 'user', content: q, retrievalContext: null },
    { role: 'assistant', content: `answer to: ${q}`, retrievalContext: [`doc about ${q}`] },
  ]);

describe('OTLP ingestion from @opentelemetry/instrumentation-openai', () => {
  it('protobuf: log records before their spans, and every batch twice, still give each turn once', async () => {
    const app = instrumentedApp('protobuf', { 'service.name': 'support-bot' });
    const questions = ['How do I reset my password?', 'And if I lost my phone?'];
    await runConversation(app, 'conv-1', questions);
    await app.flushLogs();
    expect(await processPendingBatches(getDb())).toBeGreaterThan(0);
    // The content came first, without the span naming the conversation: each trace stands alone.
    const early = await liveConversations('Live: support-bot');
    expect(early.conversations.every((c) => c.externalId?.startsWith('trace:'))).toBe(true);
    expect(early.conversations).toHaveLength(2);

    await app.flushSpans();
    await processPendingBatches(getDb());
    // An exporter's retry: the same bodies again.
    const stored = await getDb().otlpBatch.findMany({ select: { projectId: true, signal: true, encoding: true, gzip: true, body: true, byteSize: true } });
    await getDb().otlpBatch.createMany({ data: stored });
    await processPendingBatches(getDb(), { limit: 1000 });
    await app.shutdown();

    const live = await liveConversations('Live: support-bot');
    expect(live.dataset).toMatchObject({ sourceFormat: 'otlp', conversationCount: 1, turnCount: 4 });
    expect(live.conversations).toEqual([{ externalId: 'conv-1', turns: expectedTurns(questions) }]);
    expect(await getDb().otlpBatch.count({ where: { error: { not: null } } })).toBe(0);
  });

  it('JSON: a service with a deployment environment gets its own live dataset', async () => {
    const app = instrumentedApp('json', { 'service.name': 'support-bot', 'deployment.environment.name': 'staging' });
    const questions = ['Where is my order?'];
    await runConversation(app, 'conv-7', questions);
    await app.flushSpans();
    await app.flushLogs();
    await processPendingBatches(getDb(), { limit: 1000 });
    await app.shutdown();
    const live = await liveConversations('Live: support-bot/staging');
    expect(live.conversations).toEqual([{ externalId: 'conv-7', turns: expectedTurns(questions) }]);
    const json = await getDb().otlpBatch.count({ where: { encoding: 'json' } });
    expect(json).toBeGreaterThan(0);
  });
});

describe('OTLP ingestion from the other OpenAI instrumentations', () => {
  it('OpenInference over protobuf: session.id names the conversation, LLM spans carry the messages', async () => {
    const app = instrumentedApp('protobuf', { 'service.name': 'oi-bot' }, 'openinference', 'session.id');
    const questions = ['Do you ship to Norway?', 'How long does it take?'];
    await runConversation(app, 'sess-42', questions);
    await app.shutdown();
    await processPendingBatches(getDb(), { limit: 1000 });
    const live = await liveConversations('Live: oi-bot');
    expect(live.conversations).toEqual([{ externalId: 'sess-42', turns: expectedTurns(questions) }]);
    const shapes = await getDb().otelLlmCall.findMany({ where: { service: 'oi-bot' }, select: { shape: true }, distinct: ['shape'] });
    expect(shapes).toEqual([{ shape: 'openinference' }]);
  });

  it('Traceloop over JSON: GenAI message attributes on its spans, the retrieval context from its vector-DB span\'s db.query.result events', async () => {
    const app = instrumentedApp('json', { 'service.name': 'tl-bot' }, 'traceloop');
    const questions = ['Is there a student discount?', 'Can I combine it with a coupon?'];
    await runConversation(app, 'tl-1', questions);
    await app.shutdown();
    await processPendingBatches(getDb(), { limit: 1000 });
    const live = await liveConversations('Live: tl-bot');
    expect(live.conversations).toEqual([{ externalId: 'tl-1', turns: expectedTurns(questions) }]);
  });
});
