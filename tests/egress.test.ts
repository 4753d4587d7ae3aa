import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import type { Conversation } from '@/lib/domain';
import { LOCAL_PRINCIPAL, SERVICE_PRINCIPAL } from '@/lib/identity/principal';
import { saveDataset } from '@/lib/imports/save-dataset';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { getReplay, startReplay } from '@/lib/replay';
import { executeReplayChunk } from '@/lib/replay/execution/execute-replay-chunk';
import { closeReplay } from '@/lib/replay/lifecycle/close-replay';
import type { RetryPolicy } from '@/lib/llm/send-with-retries';
import { migratedDatabase, providers } from './db/databases';
import { startAppTargetServer, type AppReply, type AppTurnRequest } from './helpers/app-target-server';
import { lastUserMessage, startJudgeServer, type JudgeServerHandler } from './helpers/judge-server';

/*
 * The doors a user opens to the network (replay targets, judges) against real servers on
 * 127.0.0.1: who may point them at loopback, metadata addresses refused before any connection,
 * no secret following a redirect elsewhere, no echoed secret in what viewers read, and a target
 * that refuses everything failing its turns within the budget, every call counted.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversations: Conversation[] = [
  { externalId: 'c1', turns: [{ role: 'user', content: 'Refund please' }, { role: 'assistant', content: 'Old: which order?' }] },
  { externalId: 'c2', turns: [{ role: 'user', content: 'Where is my parcel?' }, { role: 'assistant', content: 'Old: in transit' }] },
];

/** A team server: listening beyond loopback. */
const TEAM = { TURNWISE_BIND: '0.0.0.0' };
const FAST: RetryPolicy = { maxRetries: 1, retryBaseMs: 1, retryBudgetMs: 2000 };

async function modelServer(handler?: JudgeServerHandler) {
  const server = await startJudgeServer({ handler: handler ?? ((body) => ({ content: `New reply to: ${lastUserMessage(body)}` })) });
  cleanups.push(() => server.close());
  return server;
}

async function appServer(handler: (turn: AppTurnRequest, headers: http.IncomingHttpHeaders) => AppReply | Promise<AppReply>) {
  const server = await startAppTargetServer(handler);
  cleanups.push(() => server.close());
  return server;
}

/** A server that records what reaches it (it must be nothing): the other origin of a redirect. */
async function elsewhere() {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ content: 'from elsewhere' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

/** Every socket opened to `host` (none must be): a spy on the connect undici and node:http call. */
function connectionsTo(host: string): () => number {
  const calls: unknown[][] = [];
  const record = (original: (...args: never[]) => net.Socket) =>
    ((...args: unknown[]) => {
      calls.push(args);
      return original(...(args as never[]));
    }) as never;
  vi.spyOn(net, 'connect').mockImplementation(record(net.connect.bind(net) as never));
  vi.spyOn(net, 'createConnection').mockImplementation(record(net.createConnection.bind(net) as never));
  return () => calls.filter((args) => JSON.stringify(args).includes(host)).length;
}

const judgeSecret = 'sk-judge-key-0123456789abcdef';

describe('a judge', () => {
  it('follows no redirect to another origin: neither the key nor the prompt leaves the endpoint', async () => {
    const other = await elsewhere();
    const endpoint = await modelServer(() => ({ status: 307, headers: { location: `${other.url}/v1/chat/completions` } }));
    const judge = createOpenAIJudge({ baseURL: endpoint.url, apiKey: judgeSecret, model: 'm', maxRetries: 0, attempts: 1 });
    const error = await judge.call({ step: 'relevancy.turn', input: {}, schemaName: 'verdict', schema: z.object({ ok: z.boolean() }), messages: [{ role: 'user', content: 'Judge this' }] }).catch((e: Error) => e);
    expect(other.seen).toHaveLength(0);
    expect(endpoint.requests).toHaveLength(1);
    expect(String(error)).toMatch(/redirected \(307\) to another origin, http:\/\/127\.0\.0\.1:\d+: not followed/);
  });

  it('is refused at call time when its host resolves to a metadata address, before any connection and without retries', async () => {
    const endpoint = await modelServer();
    const opened = connectionsTo('169.254.169.254');
    const lookup = vi.fn(async () => [{ address: '169.254.169.254', family: 4 }]);
    const judge = createOpenAIJudge({ baseURL: endpoint.url.replace('127.0.0.1', 'localhost'), apiKey: judgeSecret, model: 'm' }, { egress: { internal: true, allow: [], lookup } });
    const error = await judge.call({ step: 'relevancy.turn', input: {}, schemaName: 'verdict', schema: z.object({ ok: z.boolean() }), messages: [{ role: 'user', content: 'Judge this' }] }).catch((e: Error) => e);
    expect(String(error)).toMatch(/Judge "openai" \(model m\): localhost resolves to 169\.254\.169\.254, a link-local address: requests there are refused/);
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(opened()).toBe(0);
    expect(endpoint.requests).toHaveLength(0);
  });
});

describe.each(providers)('replay targets on %s', (provider) => {
  async function setup(): Promise<{ db: Db; datasetId: string }> {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const dataset = await saveDataset(db, { projectId: 'default', name: 'support', sourceFormat: 'deepeval', conversations });
    return { db, datasetId: dataset.id };
  }

  async function runToEnd(db: Db, replayId: string, env: Record<string, string | undefined>, options: Partial<Parameters<typeof executeReplayChunk>[0]> = {}) {
    await db.replay.update({ where: { id: replayId }, data: { status: 'running', startedAt: new Date() } });
    await executeReplayChunk({ db, env, replayId, retries: FAST, ...options });
    await closeReplay(db, replayId, env);
    return getReplay(db, 'default', replayId);
  }

  it('refuses an editor a loopback target on a team server before any request, naming the field, the address and the setting', async () => {
    const { db, datasetId } = await setup();
    const model = await modelServer();
    const openai = { datasetId, target: { kind: 'openai', baseUrl: model.url, model: 'm' }, modelVersion: 'v2' };
    const app = { datasetId, target: { kind: 'http', url: model.url }, modelVersion: 'v2' };
    await expect(startReplay(db, 'default', openai, SERVICE_PRINCIPAL, TEAM)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/^target\.baseUrl: 127\.0\.0\.1 is a loopback address: on this server a URL an editor sets may not reach loopback or private addresses \(TURNWISE_EGRESS_PRIVATE unset: .*listens beyond loopback/),
      details: expect.objectContaining({ field: 'target.baseUrl', address: '127.0.0.1', setting: 'TURNWISE_EGRESS_PRIVATE' }),
    });
    await expect(startReplay(db, 'default', app, SERVICE_PRINCIPAL, { TURNWISE_EGRESS_PRIVATE: 'admins' })).rejects.toMatchObject({ details: expect.objectContaining({ field: 'target.url' }) });
    expect(await db.replay.count()).toBe(0);
    expect(model.requests).toHaveLength(0);

    // An admin's URL, the allow-list, and a single-user install listening on loopback (the default) reach it.
    await expect(startReplay(db, 'default', openai, LOCAL_PRINCIPAL, TEAM)).resolves.toMatchObject({ totalItems: 2 });
    await expect(startReplay(db, 'default', openai, SERVICE_PRINCIPAL, { ...TEAM, TURNWISE_EGRESS_ALLOW: '127.0.0.0/8' })).resolves.toMatchObject({ totalItems: 2 });
    const { id } = await startReplay(db, 'default', openai, SERVICE_PRINCIPAL, {});
    expect((await runToEnd(db, id, {})).progress).toEqual({ done: 2, total: 2, errors: 0 });

    // Checked again at call time: the worker of a team server refuses the editor's stored target.
    const { id: later } = await startReplay(db, 'default', openai, SERVICE_PRINCIPAL, {});
    const sent = model.requests.length;
    const refused = await runToEnd(db, later, TEAM);
    expect(refused.progress).toMatchObject({ done: 0, errors: 2 });
    expect(refused.errors[0].error).toMatch(/was not called: 127\.0\.0\.1 is a loopback address: .*TURNWISE_EGRESS_PRIVATE/);
    expect(model.requests).toHaveLength(sent);
  });

  it('refuses 169.254.169.254 to everyone before any connection, when typed and when a name resolves to it later', async () => {
    const { db, datasetId } = await setup();
    const opened = connectionsTo('169.254.169.254');
    const metadata = { datasetId, target: { kind: 'openai', baseUrl: 'http://169.254.169.254/latest/meta-data/v1', model: 'm' }, modelVersion: 'v2' };
    await expect(startReplay(db, 'default', metadata, LOCAL_PRINCIPAL, {})).rejects.toMatchObject({
      message: expect.stringMatching(/^target\.baseUrl: 169\.254\.169\.254 is a link-local address: requests there are refused .*TURNWISE_EGRESS_ALLOW/),
      details: expect.objectContaining({ field: 'target.baseUrl', setting: 'TURNWISE_EGRESS_ALLOW' }),
    });
    await expect(startReplay(db, 'default', { ...metadata, target: { kind: 'http', url: 'http://[::ffff:a9fe:a9fe]/' } }, LOCAL_PRINCIPAL, {})).rejects.toMatchObject({ details: expect.objectContaining({ field: 'target.url' }) });

    // The app's name resolved to loopback when the replay was asked for; at call time it resolves to the metadata address.
    const app = await appServer(() => ({ body: { content: 'fine' } }));
    const url = app.url.replace('127.0.0.1', 'localhost');
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url, secretEnv: 'TARGET_APP_SECRET' }, modelVersion: 'v2' }, LOCAL_PRINCIPAL, { TARGET_APP_SECRET: 'app-secret-0123456789' });
    const lookup = vi.fn(async () => [{ address: '169.254.169.254', family: 4 }]);
    const replay = await runToEnd(db, id, { TARGET_APP_SECRET: 'app-secret-0123456789' }, { lookup });
    expect(replay.progress).toMatchObject({ done: 0, errors: 2 });
    expect(replay.errors[0].error).toMatch(/the app at http:\/\/localhost:\d+\/turn was not called: localhost resolves to 169\.254\.169\.254, a link-local address/);
    expect(lookup).toHaveBeenCalled();
    expect(app.requests).toHaveLength(0);
    expect(opened()).toBe(0);
    expect(replay.targetCalls).toBe(0);
  });

  it('sends the secret header only to the origin it was set for: a redirect elsewhere is not followed, one within the origin is', async () => {
    const { db, datasetId } = await setup();
    const other = await elsewhere();
    const secret = 'app-secret-0123456789';
    const app = await appServer((turn) => (turn.conversationId === 'c1' ? { status: 307, headers: { location: `${other.url}/steal` }, body: '' } : { body: { content: `fine ${turn.conversationId}` } }));
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: app.url, secretEnv: 'TARGET_APP_SECRET' }, modelVersion: 'v2' }, LOCAL_PRINCIPAL, { TARGET_APP_SECRET: secret });
    const replay = await runToEnd(db, id, { TARGET_APP_SECRET: secret });
    expect(other.seen).toHaveLength(0);
    expect(replay.progress).toMatchObject({ done: 1, errors: 1 });
    expect(replay.errors[0].error).toMatch(/redirected \(307\) to another origin, http:\/\/127\.0\.0\.1:\d+: not followed \(a key or secret goes only to the origin it was configured for\)/);

    // Within the origin, the redirect is followed with the secret, through the same check.
    const hops: string[] = [];
    const same = http.createServer((req, res) => {
      hops.push(`${req.url} ${req.headers['x-turnwise-secret']}`);
      if (req.url === '/turn') return void res.writeHead(307, { location: '/v2/turn' }).end();
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ content: 'moved here' })));
    });
    await new Promise<void>((resolve) => same.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => same.close(() => resolve())));
    const { id: moved } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: `http://127.0.0.1:${(same.address() as AddressInfo).port}/turn`, secretEnv: 'TARGET_APP_SECRET' }, modelVersion: 'v3' }, LOCAL_PRINCIPAL, { TARGET_APP_SECRET: secret });
    expect((await runToEnd(db, moved, { TARGET_APP_SECRET: secret })).progress).toEqual({ done: 2, total: 2, errors: 0 });
    expect(hops.filter((h) => h === `/v2/turn ${secret}`)).toHaveLength(2);
  });

  it('keeps a TARGET_ secret or key the target echoes back out of the errors viewers read: status and cause only, the excerpt redacted in the log', async () => {
    const { db, datasetId } = await setup();
    const secret = 'app-secret-0123456789';
    const key = 'tk-model-key-9876543210';
    const env = { TARGET_APP_SECRET: secret, TARGET_MODEL_KEY: key };
    const warned: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation((message: string) => void warned.push(message));
    const app = await appServer((turn, headers) =>
      turn.conversationId === 'c1' ? { status: 500, body: `internal error; you sent ${String(headers['x-turnwise-secret'])}` } : { body: { content: `Hello! (my secret is ${String(headers['x-turnwise-secret'])})` } },
    );
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: app.url, secretEnv: 'TARGET_APP_SECRET' }, modelVersion: 'v2' }, LOCAL_PRINCIPAL, env);
    const byApp = await runToEnd(db, id, env);
    const model = await modelServer((_body, { headers }) => ({ status: 400, body: { error: { message: `Incorrect API key provided: ${String(headers.authorization)}`, code: 'invalid_request_error' } } }));
    const { id: second } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: model.url, apiKeyEnv: 'TARGET_MODEL_KEY', model: 'm' }, modelVersion: 'v3' }, LOCAL_PRINCIPAL, env);
    const byModel = await runToEnd(db, second, env);

    // The reply that came back whole is stored with the secret it echoed taken out.
    expect(await db.turn.findMany({ where: { conversation: { datasetId: byApp.datasetId! }, role: 'assistant' }, select: { content: true } })).toContainEqual({ content: 'Hello! (my secret is ***)' });
    const stored = JSON.stringify([byApp, byModel, await db.replayTurn.findMany({ select: { error: true, content: true } }), await db.turn.findMany({ select: { content: true } })]);
    expect(stored).not.toContain(secret);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain('you sent');
    expect(byApp.errors[0].error).toMatch(/the app at .* answered 500 \(server error at the endpoint\) \(after 2 requests\); the answer is in the server log/);
    expect(byModel.errors[0].error).toMatch(/failed with status 400 \(the endpoint refused the request\); the answer is in the server log/);
    // Admins read the answer in the server log, with every configured secret taken out.
    expect(warned.some((w) => w.includes('you sent ***'))).toBe(true);
    expect(warned.join('\n')).not.toContain(secret);
    expect(warned.join('\n')).not.toContain(key);
  });

  it('counts every call a turn made, errors and retries included', async () => {
    const { db, datasetId } = await setup();
    const model = await modelServer(() => ({ status: 500, body: { error: { message: 'down' } } }));
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: model.url, model: 'm' }, modelVersion: 'v2' }, LOCAL_PRINCIPAL, {});
    const replay = await runToEnd(db, id, {});
    expect(replay.progress).toMatchObject({ done: 0, errors: 2 });
    // FAST allows one retry: two requests per turn.
    expect(model.requests).toHaveLength(4);
    expect(replay.targetCalls).toBe(4);
  });

  it('fails the turns of a target that answers 429 to everything once TURNWISE_TARGET_RETRY_BUDGET_S has passed, and frees the worker', async () => {
    const { db, datasetId } = await setup();
    const model = await modelServer(() => ({ status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'slow down' } } }));
    const env = { TURNWISE_TARGET_RETRY_BUDGET_S: '1' };
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: model.url, model: 'm-429' }, modelVersion: 'v2' }, LOCAL_PRINCIPAL, env);
    const started = Date.now();
    const replay = await runToEnd(db, id, env, { retries: undefined });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(replay.progress).toMatchObject({ done: 0, errors: 2 });
    expect(replay.errors[0].error).toMatch(/refused with 429 for \d+ s, past the target's retry budget of 1 s \(TURNWISE_TARGET_RETRY_BUDGET_S\)/);
    expect(replay.targetCalls).toBe(model.requests.length);
    expect(replay.targetCalls).toBeGreaterThan(0);
  }, 20_000);
});
