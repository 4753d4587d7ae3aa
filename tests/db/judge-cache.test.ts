import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db/client';
import { type Db } from '../../lib/db/db-types';
import { createPrismaJudgeCache } from '../../lib/db/queries/judge-cache';
import type { JudgeCacheEntry } from '../../lib/judge/types';
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
});
