import { createRequire } from 'node:module';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPLogExporter as OTLPLogExporterJson } from '@opentelemetry/exporter-logs-otlp-http';
import { OTLPLogExporter as OTLPLogExporterProto } from '@opentelemetry/exporter-logs-otlp-proto';
import { OTLPTraceExporter as OTLPTraceExporterJson } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as OTLPTraceExporterProto } from '@opentelemetry/exporter-trace-otlp-proto';
import { OpenAIInstrumentation } from '@opentelemetry/instrumentation-openai';
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

// The CommonJS build, so that the instrumentation can patch the very module the client comes from.
const OpenAIClass = createRequire(import.meta.url)('openai').OpenAI as typeof OpenAI;

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

function instrumentedApp(encoding: 'protobuf' | 'json', resource: Record<string, string>): App {
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
  const instrumentation = new OpenAIInstrumentation({ captureMessageContent: true });
  instrumentation.setTracerProvider(tracerProvider);
  instrumentation.setLoggerProvider(loggerProvider);
  const openai = createRequire(import.meta.url)('openai');
  instrumentation.getModuleDefinitions()[0].patch?.(openai, '6.0.0');
  const client = new OpenAIClass({ baseURL: llm.url, apiKey: 'sk-test' });
  const tracer = tracerProvider.getTracer('support-app');
  return {
    async turn(conversationId, history, text) {
      return tracer.startActiveSpan('handle_message', { attributes: { 'gen_ai.conversation.id': conversationId } }, async (span) => {
        const messages: OpenAI.ChatCompletionMessageParam[] = [...history, { role: 'user', content: text }];
        await client.chat.completions.create({ model: 'gpt-test', messages: [{ role: 'user', content: `Rewrite as a search query: ${text}` }] });
        const final = await client.chat.completions.create({ model: 'gpt-test', messages });
        span.end();
        return final.choices[0].message.content ?? '';
      });
    },
    flushLogs: () => loggerProvider.forceFlush(),
    flushSpans: () => tracerProvider.forceFlush(),
    async shutdown() {
      instrumentation.getModuleDefinitions()[0].unpatch?.(openai, '6.0.0');
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
    select: { externalId: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true } } },
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

const expectedTurns = (questions: string[]) => questions.flatMap((q) => [{ role: 'user', content: q }, { role: 'assistant', content: `answer to: ${q}` }]);

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
    const stored = await getDb().otlpBatch.findMany({ select: { signal: true, encoding: true, gzip: true, body: true, byteSize: true } });
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
