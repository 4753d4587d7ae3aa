import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionInputSchema } from '../lib/connections/connection-input';
import { createConnection, listConnections, setDefaultConnection, updateConnection } from '../lib/connections/connection-store';
import { loadJudgesOnOffer } from '../lib/connections/judges-on-offer';
import { defaultJudgeSelection } from '../lib/judge/config';
import { loadJudgeConfigWithConnections } from '../lib/connections/judge-config-with-connections';
import { testConnection } from '../lib/connections/test-connection';
import { disconnectDb, getDb } from '../lib/db/client';
import { sharedLimiter } from '../lib/llm/adaptive-limiter';
import { judgeSteps } from '../lib/metrics/registry';
import { createTarget } from '../lib/replay/targets/create-target';
import { createRunJudge, resolveRunJudge } from '../lib/connections/judge-selection';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { answerByStep, startJudgeServer, type JudgeServer } from './helpers/judge-server';

// Judge connections stored in the database: encrypted keys, the run form's judges, run execution.
let database: FreshDatabase;
let server: JudgeServer;
const previousUrl = process.env.DATABASE_URL;
const env = { TURNWISE_SECRET: 'a test secret that is long enough to use' };
const KEY = 'sk-stored-connection-key-9876';

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  server = await startJudgeServer({
    handler: (body, ctx) =>
      body.messages.some((m) => String(m.content).includes('single word')) ? { content: 'OK' } : answerByStep({ relevance_verdict: () => ({ verdict: 'yes', reason: 'on topic' }) })(body, ctx),
  });
});
afterAll(async () => {
  await server?.close();
  await disconnectDb();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  await database?.drop();
});

const input = (name: string, apiKey = KEY) => connectionInputSchema.parse({ name, baseUrl: server.url, apiKey, models: 'judge-a, judge-b' });

describe('judge connections', () => {
  it('refuses a base URL at a metadata address when it is saved, naming the field and the setting; the allow-list admits it', async () => {
    const metadata = connectionInputSchema.parse({ name: 'imds', baseUrl: 'http://169.254.169.254/v1', models: 'm' });
    await expect(createConnection(getDb(), 'default', metadata, [], env)).rejects.toMatchObject({
      code: 'BAD_INPUT',
      message: expect.stringMatching(/^baseUrl: 169\.254\.169\.254 is a link-local address: .*TURNWISE_EGRESS_ALLOW/),
      details: expect.objectContaining({ field: 'baseUrl', setting: 'TURNWISE_EGRESS_ALLOW' }),
    });
    expect(await listConnections(getDb(), 'default')).toEqual([]);
    // An admin's connection may point at loopback (this server's own judge runs there), on any install.
    const local = await createConnection(getDb(), 'default', connectionInputSchema.parse({ name: 'loopback', baseUrl: server.url, models: 'm' }), [], { ...env, TURNWISE_BIND: '0.0.0.0' });
    await expect(updateConnection(getDb(), 'default', local.id, { ...metadata, name: 'loopback' }, [], { ...env, TURNWISE_EGRESS_ALLOW: '169.254.169.254' })).resolves.toBeUndefined();
    await getDb().judgeConnection.deleteMany();
  });

  it('stores the key encrypted and lists only its last four characters', async () => {
    await createConnection(getDb(), 'default', input('lab'), ['openai'], env);
    const row = await getDb().judgeConnection.findUniqueOrThrow({ where: { projectId_name: { projectId: 'default', name: 'lab' } } });
    expect(row.keyCipher).not.toContain('sk-stored');
    expect(JSON.stringify(await listConnections(getDb(), 'default'))).not.toContain('sk-stored');
    expect((await listConnections(getDb(), 'default'))[0]).toMatchObject({ name: 'lab', keyLastFour: '9876', models: ['judge-a', 'judge-b'] });
  });

  it('refuses a name an environment judge has and a bad URL, naming the field', async () => {
    await expect(createConnection(getDb(), 'default', input('staging'), ['openai', 'staging'], env)).rejects.toMatchObject({ code: 'CONFLICT', details: { field: 'name' } });
    const bad = connectionInputSchema.safeParse({ name: 'x', baseUrl: 'ftp://host', models: 'm' });
    expect(bad.success ? null : bad.error.issues[0].path).toEqual(['baseUrl']);
  });

  it('keeps the provider limits typed in its form and hands them to the judge and the run estimate', async () => {
    const limited = connectionInputSchema.parse({ name: 'limited', baseUrl: server.url, models: 'm', rpm: '3,000', tpm: ' 90000 ' });
    expect(limited).toMatchObject({ rpm: 3000, tpm: 90000 });
    const { id } = await createConnection(getDb(), 'default', limited, [], env);
    let config = await loadJudgeConfigWithConnections(getDb(), 'default', env);
    expect(config.judges.find((j) => j.name === 'limited')).toMatchObject({ rpm: 3000, tpm: 90000 });
    // A blank field means no known limit.
    await updateConnection(getDb(), 'default', id, connectionInputSchema.parse({ name: 'limited', baseUrl: server.url, models: 'm', rpm: '', tpm: '' }), [], env);
    config = await loadJudgeConfigWithConnections(getDb(), 'default', env);
    expect(config.judges.find((j) => j.name === 'limited')).toMatchObject({ rpm: null, tpm: null });
    await getDb().judgeConnection.delete({ where: { id } });
    for (const [field, value] of [['rpm', '0'], ['rpm', '2.5'], ['tpm', 'lots']] as const) {
      const bad = connectionInputSchema.safeParse({ name: 'x', baseUrl: server.url, models: 'm', [field]: value });
      expect(bad.success ? null : bad.error.issues[0].path, `${field}=${value}`).toEqual([field]);
    }
  });

  it("paces a replay target on a stored connection under the connection's limits", async () => {
    const key = 'sk-paced-target-key-1234';
    const { id } = await createConnection(getDb(), 'default', connectionInputSchema.parse({ name: 'paced', baseUrl: server.url, apiKey: key, models: 'm', rpm: '120' }), [], env);
    const target = await createTarget(getDb(), 'default', { kind: 'openai', connection: 'paced', model: 'target-m' }, env);
    const reply = await target.generate({ conversationId: 'c1', turn: 1, messages: [{ role: 'user', content: 'Answer in a single word' }], state: null });
    expect(reply.content).toBe('OK');
    // 120 a minute: at most 2 requests a second (less its safety margin), not unpaced.
    const pace = sharedLimiter({ baseURL: server.url, apiKey: key, model: 'target-m' }, {}).state().requestsPerSecond;
    expect(pace).toBeGreaterThan(1);
    expect(pace).toBeLessThanOrEqual(2);
    await getDb().judgeConnection.delete({ where: { id } });
  });

  it('is offered beside the environment judges and scores runs with its key', async () => {
    const config = await loadJudgeConfigWithConnections(getDb(), 'default', env);
    expect(config.judges.map((j) => j.name)).toEqual(['lab']);
    expect(resolveRunJudge({ kind: 'openai', name: 'lab', model: 'judge-b' }, config)).toEqual({ judgeKind: 'openai', judgeName: 'lab', judgeModel: 'judge-b' });
    const judge = await createRunJudge(getDb(), 'default', { judgeKind: 'openai', judgeName: 'lab', judgeModel: 'judge-b', concurrency: 2 }, env);
    const schema = judgeSteps['conversation_relevancy.relevance'].output;
    const reply = await judge.call({ step: 'conversation_relevancy.relevance', input: {}, messages: [{ role: 'user', content: 'Relevant?' }], schema, schemaName: 'relevance_verdict' });
    expect(reply.output).toMatchObject({ verdict: 'yes' });
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(server.requests.at(-1)?.body.model).toBe('judge-b');
  });

  it('keeps the stored key when an edit leaves it blank, and tests the endpoint with one small request', async () => {
    const { id } = await getDb().judgeConnection.findUniqueOrThrow({ where: { projectId_name: { projectId: 'default', name: 'lab' } } });
    await updateConnection(getDb(), 'default', id, connectionInputSchema.parse({ name: 'lab', baseUrl: server.url, apiKey: '', models: 'judge-c' }), ['openai'], env);
    const [endpoint] = (await loadJudgeConfigWithConnections(getDb(), 'default', env)).judges;
    expect(endpoint).toMatchObject({ apiKey: KEY, models: ['judge-c'], defaultModel: 'judge-c' });
    const result = await testConnection(endpoint);
    expect(result).toMatchObject({ ok: true, model: 'judge-c', message: 'OK' });
    expect(server.requests.at(-1)?.body.max_tokens).toBe(5);
  });

  it('asks for the key again when the base URL changes, so the stored key never goes to the new host', async () => {
    const other = await startJudgeServer({ handler: () => ({ content: 'OK' }) });
    try {
      const { id } = await getDb().judgeConnection.findUniqueOrThrow({ where: { projectId_name: { projectId: 'default', name: 'lab' } } });
      const moved = connectionInputSchema.parse({ name: 'lab', baseUrl: other.url, apiKey: '', models: 'judge-c' });
      await expect(updateConnection(getDb(), 'default', id, moved, ['openai'], env)).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'apiKey' }, message: expect.stringMatching(/enter the API key again/) });
      // Nothing changed: Test still goes to the URL the key was given for.
      let [endpoint] = (await loadJudgeConfigWithConnections(getDb(), 'default', env)).judges;
      expect(endpoint).toMatchObject({ baseURL: server.url, apiKey: KEY });
      await testConnection(endpoint);
      expect(other.requests).toHaveLength(0);
      // With the key typed again (or the stored one removed) the move is saved.
      await updateConnection(getDb(), 'default', id, { ...moved, apiKey: 'sk-key-for-the-new-host-1234' }, ['openai'], env);
      [endpoint] = (await loadJudgeConfigWithConnections(getDb(), 'default', env)).judges;
      expect(endpoint).toMatchObject({ baseURL: other.url, apiKey: 'sk-key-for-the-new-host-1234' });
      await updateConnection(getDb(), 'default', id, connectionInputSchema.parse({ name: 'lab', baseUrl: server.url, apiKey: KEY, models: 'judge-c' }), ['openai'], env);
    } finally {
      await other.close();
    }
  });

  it('reports an endpoint that refuses the key', async () => {
    const refusing = await startJudgeServer({ handler: () => ({ status: 401, body: { error: { message: 'bad key', type: 'auth' } } }) });
    try {
      const result = await testConnection({ name: 'x', baseURL: refusing.url, apiKeyEnv: null, apiKey: 'nope', models: ['m'], defaultModel: 'm', rpm: null, tpm: null });
      expect(result.ok).toBe(false);
      expect(result.message).toMatch(/^HTTP 401/);
    } finally {
      await refusing.close();
    }
  });

  it('preselects no stored connection until an admin marks one the default judge, and only one is ever marked', async () => {
    // Connections exist (earlier tests added some), none marked: the forms preselect the offline judge, OPENAI_API_KEY's judge when it is set.
    expect((await loadJudgesOnOffer(getDb(), 'default', env)).defaultJudge).toBe('offline');
    expect((await loadJudgesOnOffer(getDb(), 'default', { ...env, OPENAI_API_KEY: 'sk-env' })).defaultJudge).toBe('openai');
    const { id } = await createConnection(getDb(), 'default', input('preferred'), [], env);
    const other = (await listConnections(getDb(), 'default')).find((c) => c.name === 'lab')!;
    await setDefaultConnection(getDb(), 'default', other.id);
    await setDefaultConnection(getDb(), 'default', id);
    expect((await listConnections(getDb(), 'default')).filter((c) => c.isDefault).map((c) => c.name)).toEqual(['preferred']);
    expect((await loadJudgesOnOffer(getDb(), 'default', { ...env, OPENAI_API_KEY: 'sk-env' })).defaultJudge).toBe('preferred');
    expect(defaultJudgeSelection(await loadJudgeConfigWithConnections(getDb(), 'default', env))).toEqual({ kind: 'openai', name: 'preferred' });
    await expect(setDefaultConnection(getDb(), 'default', 'no-such-id')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await loadJudgesOnOffer(getDb(), 'default', env)).defaultJudge).toBe('preferred');
    await setDefaultConnection(getDb(), 'default', null);
    expect((await loadJudgesOnOffer(getDb(), 'default', env)).defaultJudge).toBe('offline');
  });
});
