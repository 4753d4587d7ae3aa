import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db/client';
import { type Db } from '../../lib/db/db-types';
import { createPrismaJudgeCache } from '../../lib/db/queries/judge-cache';
import { withCache } from '../../lib/judge/cache';
import { createOpenAIJudge } from '../../lib/judge/openai-judge';
import type { JudgeCacheEntry, JudgeRequest } from '../../lib/judge/types';
import { judgeSteps } from '../../lib/metrics/registry';
import { lastUserMessage, startJudgeServer } from '../helpers/judge-server';
import { type FreshDatabase, migratedDatabase, providers } from './databases';

const entry: JudgeCacheEntry = {
  raw: '{"verdict":"yes"}',
  model: 'gpt-test',
  step: 'relevance',
  promptTokens: 120,
  completionTokens: 7,
  messages: [
    { role: 'system', content: 'You judge relevance.' },
    { role: 'user', content: 'Is "ça va ?" relevant? ✓' },
  ],
};

describe.each(providers)('judge cache on %s', (provider) => {
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await migratedDatabase(provider);
    db = createDbClient(database.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('returns null for an unknown key', async () => {
    expect(await createPrismaJudgeCache(db).get('missing')).toBeNull();
  });

  it('returns what was stored, messages included', async () => {
    const cache = createPrismaJudgeCache(db);
    await cache.set('k1', entry);
    expect(await cache.get('k1')).toEqual(entry);
  });

  it('keeps the token alternatives of a reply that asked for them (G-Eval weighs its score by them)', async () => {
    const cache = createPrismaJudgeCache(db);
    const logprobs = [{ token: '7', top: [{ token: '7', logprob: -0.22 }, { token: '8', logprob: -1.6 }] }];
    await cache.set('k4', { ...entry, logprobs });
    expect(await cache.get('k4')).toEqual({ ...entry, logprobs });
  });

  it('overwrites an existing key', async () => {
    const cache = createPrismaJudgeCache(db);
    await cache.set('k2', entry);
    await cache.set('k2', { ...entry, raw: '{"verdict":"no"}', completionTokens: 9 });
    expect(await cache.get('k2')).toMatchObject({ raw: '{"verdict":"no"}', completionTokens: 9 });
    expect(await db.judgeCache.count({ where: { key: 'k2' } })).toBe(1);
  });

  it('survives concurrent writes of the same key', async () => {
    const cache = createPrismaJudgeCache(db);
    await Promise.all(Array.from({ length: 5 }, () => cache.set('k3', entry)));
    expect(await cache.get('k3')).toEqual(entry);
  });

  it('reads and writes many entries per statement, a missing key left out', async () => {
    const cache = createPrismaJudgeCache(db);
    await cache.setMany!([
      ['m1', entry],
      ['m2', { ...entry, raw: '{"verdict":"no"}' }],
    ]);
    const found = await cache.getMany!(['m1', 'missing', 'm2']);
    expect([...found.keys()].sort()).toEqual(['m1', 'm2']);
    expect(found.get('m2')).toEqual({ ...entry, raw: '{"verdict":"no"}' });
  });

  it('behind a judge that defers its writes, stores every reply of calls made at once by the time it is flushed, and a new judge asks none again', async () => {
    const server = await startJudgeServer({ handler: (body) => ({ content: JSON.stringify({ verdict: 'yes', reason: `about ${lastUserMessage(body)}` }) }) });
    try {
      const schema = judgeSteps['conversation_relevancy.relevance'].output;
      const request = (text: string): JudgeRequest<unknown> => ({ step: 'conversation_relevancy.relevance', input: {}, messages: [{ role: 'user', content: text }], schema, schemaName: 'relevance' });
      const texts = Array.from({ length: 150 }, (_, i) => `${provider} question ${i}`);
      const first = withCache(createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'm', concurrency: 16 }), createPrismaJudgeCache(db), { deferWrites: true });
      await Promise.all(texts.map((t) => first.call(request(t))));
      await first.flush!();
      expect(await db.judgeCache.count({ where: { step: 'conversation_relevancy.relevance' } })).toBe(150);

      const second = withCache(createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'm' }), createPrismaJudgeCache(db));
      const again = await Promise.all(texts.map((t) => second.call(request(t))));
      expect(again.every((r) => r.cached)).toBe(true);
      expect(server.requests).toHaveLength(150);
    } finally {
      await server.close();
    }
  });
});
