import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { createPasswordUser } from '../lib/auth/users';
import { getDb } from '../lib/db/client';
import { routeDatabaseForFile } from './helpers/deepeval-fixtures';

/*
 * deepeval's own TypeScript client (npm deepeval 0.1.32, a devDependency) against the routes,
 * over real HTTP: its evaluate() with its own Turn Relevancy and Role Adherence metrics (a
 * scripted model in this process stands in for the LLM), and its dataset push and pull. It sends
 * the key as CONFIDENT_API_KEY, with an underscore. 0.1.32 does not read CONFIDENT_BASE_URL: it
 * is pointed at Turnwise the way docs/deepeval.md says, with a request interceptor on the axios
 * instance it uses.
 */

const require = createRequire(import.meta.url);
const deepeval = require('deepeval') as typeof import('deepeval');
const axios = createRequire(require.resolve('deepeval'))('axios') as typeof import('axios').default;
// The model base class is not among the package's exports: taken from the file its metrics check against.
type BaseLLM = Exclude<NonNullable<ConstructorParameters<typeof deepeval.metrics.TurnRelevancyMetric>[0]>['model'], string | undefined>;
const { DeepEvalBaseLLM } = require(path.join(path.dirname(require.resolve('deepeval')), 'models/index.js')) as { DeepEvalBaseLLM: abstract new (name?: string) => BaseLLM };

routeDatabaseForFile();
let server: http.Server;
let base = '';
const received: { method: string; path: string; headers: http.IncomingHttpHeaders; status: number }[] = [];
let interceptor = -1;

type Handler = (request: Request, context: { params: Promise<{ alias: string }> }) => Promise<Response>;

beforeAll(async () => {
  process.env.DEEPEVAL_TELEMETRY_OPT_OUT = '1';
  const editor = await createPasswordUser(getDb(), { email: 'ts@example.com', name: 'ts', password: 'correct horse battery', role: 'editor' });
  process.env.CONFIDENT_API_KEY = (await createApiKey(getDb(), 'default', editor.id, 'typescript client')).key;

  const testRun = await import('../app/api/deepeval/v1/test-run/route');
  const datasets = await import('../app/api/deepeval/v1/datasets/[alias]/route');
  const route = (method: string, path: string): { handler: Handler; alias: string } | null => {
    if (path === '/api/deepeval/v1/test-run' && (method === 'POST' || method === 'PUT')) return { handler: testRun[method] as Handler, alias: '' };
    const alias = /^\/api\/deepeval\/v1\/datasets\/([^/]+)$/.exec(path)?.[1];
    if (alias && (method === 'GET' || method === 'POST')) return { handler: datasets[method] as Handler, alias: decodeURIComponent(alias) };
    return null;
  };
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const found = route(req.method ?? 'GET', url.pathname);
    const record = (status: number) => received.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, status });
    if (!found) {
      record(404);
      res.writeHead(404).end();
      return;
    }
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(key, value);
    const hasBody = req.method !== 'GET';
    const request = new Request(url, { method: req.method, headers, body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined, duplex: 'half' } as RequestInit);
    found
      .handler(request, { params: Promise.resolve({ alias: found.alias }) })
      .then(async (response) => {
        record(response.status);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      })
      .catch((error: Error) => res.writeHead(500).end(error.message));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/deepeval`;
  // As docs/deepeval.md tells TypeScript users: send deepeval's Confident AI requests to Turnwise.
  interceptor = axios.interceptors.request.use((config) => {
    if (config.url?.startsWith('https://api.confident-ai.com')) config.url = config.url.replace('https://api.confident-ai.com', base);
    return config;
  });
});

afterAll(async () => {
  axios.interceptors.request.eject(interceptor);
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/** A model that answers deepeval's schemas from the prompt, in this process: the "weather" reply is off-topic and out of character. */
class ScriptedModel extends DeepEvalBaseLLM {
  constructor() {
    super('scripted-ts');
  }
  getModelName() {
    return 'scripted-ts';
  }
  async generate<T>(prompt: string, schema?: import('zod').ZodType<T>) {
    const keys = Object.keys((schema as unknown as { shape?: Record<string, unknown> })?.shape ?? {});
    let value: unknown = 'scripted';
    if (keys.includes('verdicts')) value = { verdicts: prompt.includes('weather') ? [{ index: 3, reason: 'talks about the weather' }] : [] };
    // A window is judged on its last reply; only the window that reaches the weather reply holds it.
    else if (keys.includes('verdict')) value = { verdict: prompt.includes('weather') ? 'no' : 'yes', reason: 'scripted verdict' };
    else if (keys.includes('reason')) value = { reason: 'scripted reason' };
    return { output: (schema ? schema.parse(value) : value) as T, cost: 0.0005 };
  }
}

const conversation = (i: number, offTopic: boolean) =>
  new deepeval.ConversationalTestCase({
    name: `ts-conv-${i}`,
    chatbotRole: 'a polite bank assistant',
    scenario: `customer ${i} asks about fees`,
    turns: [
      new deepeval.Turn({ role: 'user', content: `Hi, I'm customer ${i}. Any fees?` }),
      new deepeval.Turn({ role: 'assistant', content: 'Savings accounts have no fees.', retrievalContext: ['No fees.'] }),
      new deepeval.Turn({ role: 'user', content: 'And interest?' }),
      new deepeval.Turn({ role: 'assistant', content: offTopic ? 'Lovely weather today!' : 'Two percent a year.' }),
    ],
  });

describe("deepeval's TypeScript client", () => {
  it('sends its key as CONFIDENT_API_KEY (an underscore) and its evaluate() lands as a run with per-turn verdicts', async () => {
    const metrics = [new deepeval.metrics.TurnRelevancyMetric({ model: new ScriptedModel(), showIndicator: false }), new deepeval.metrics.RoleAdherenceMetric({ model: new ScriptedModel(), showIndicator: false })];
    const result = await deepeval.evaluate([conversation(0, false), conversation(1, true)], metrics, { displayConfig: { printResults: false, showIndicator: false } });
    const post = received.find((r) => r.path.endsWith('/test-run'))!;
    expect(post.headers.confident_api_key).toBe(process.env.CONFIDENT_API_KEY);
    expect(post.headers['confident-api-key']).toBeUndefined();
    expect(post.status).toBe(200);
    expect(result.testRunId).toBeTruthy();
    expect(result.confidentLink).toBe(`http://127.0.0.1:${(server.address() as AddressInfo).port}/runs/${result.testRunId}`);

    const run = await getDb().run.findUniqueOrThrow({ where: { id: result.testRunId! }, select: { status: true, judgeModel: true, origin: true, doneItems: true, datasetId: true } });
    expect(run).toMatchObject({ status: 'completed', origin: 'deepeval', judgeModel: 'deepeval (scripted-ts)', doneItems: 4 });
    const offTopic = await getDb().conversation.findFirstOrThrow({ where: { datasetId: run.datasetId, name: 'ts-conv-1' }, select: { id: true, chatbotRole: true } });
    expect(offTopic.chatbotRole).toBe('a polite bank assistant');
    const verdicts = await getDb().turnVerdict.findMany({ where: { runId: result.testRunId!, conversationId: offTopic.id }, orderBy: [{ metric: 'asc' }, { turnIndex: 'asc' }], select: { metric: true, turnIndex: true, verdict: true } });
    expect(verdicts).toEqual([
      { metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes' },
      { metric: 'conversation_relevancy', turnIndex: 3, verdict: 'no' },
      { metric: 'role_adherence', turnIndex: 1, verdict: 'yes' },
      { metric: 'role_adherence', turnIndex: 3, verdict: 'no' },
    ]);
  });

  it('pushes conversational goldens with camelCase turns and pulls them back', async () => {
    const goldens = [0, 1].map(
      (i) =>
        new deepeval.ConversationalGolden({
          scenario: `customer ${i} closes an account`,
          expectedOutcome: 'the account is closed',
          userDescription: `customer ${i}`,
          turns: [new deepeval.Turn({ role: 'user', content: 'Close my account.' }), new deepeval.Turn({ role: 'assistant', content: 'Closed.', retrievalContext: ['Closing is free.'] })],
        }),
    );
    const pushed = new deepeval.EvaluationDataset({ goldens });
    await pushed.push({ alias: 'ts-support' });
    const pulled = new deepeval.EvaluationDataset();
    await pulled.pull({ alias: 'ts-support' });
    const shape = (g: InstanceType<typeof deepeval.ConversationalGolden>) => ({
      scenario: g.scenario,
      expectedOutcome: g.expectedOutcome,
      userDescription: g.userDescription,
      turns: (g.turns ?? []).map((t) => [t.role, t.content, t.retrievalContext ?? null]),
    });
    expect((pulled.goldens as InstanceType<typeof deepeval.ConversationalGolden>[]).map(shape)).toEqual(goldens.map(shape));
    expect(received.filter((r) => r.path.endsWith('/ts-support')).map((r) => [r.method, r.status])).toEqual([
      ['POST', 200],
      ['GET', 200],
    ]);
  });
});
