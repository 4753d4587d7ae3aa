import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetAuth } from '@/lib/auth/auth';
import { startAuth } from '@/lib/auth/start-auth';
import { createDbClient, disconnectDb } from '@/lib/db/client';
import { migratedDatabase, providers, type FreshDatabase } from './databases';

/*
 * The documented scripted set-up: every process starts with TURNWISE_ADMIN_EMAIL and
 * TURNWISE_ADMIN_PASSWORD on a new database. Two starting together both saw no admin, both made
 * it, and the second failed ("A user with the email … exists already") and stayed broken.
 */
const ADMIN = 'ops@example.com';
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_SECRET: process.env.TURNWISE_SECRET };

describe.each(providers)('TURNWISE_ADMIN_* on a new %s database', { timeout: 120_000 }, (provider) => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await migratedDatabase(provider);
    await disconnectDb();
    process.env.DATABASE_URL = fresh.url;
    process.env.TURNWISE_SECRET = 'a test secret of at least thirty-two characters';
    resetAuth();
  });
  afterAll(async () => {
    resetAuth();
    await disconnectDb();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    await fresh.drop();
  });

  it('two starts racing both succeed and leave one admin, eight times over', async () => {
    const env = { ...process.env, TURNWISE_ADMIN_EMAIL: ADMIN, TURNWISE_ADMIN_PASSWORD: 'a long admin password' };
    // Two clients, as two processes would have: each looks for the admin before the other writes.
    const [a, b] = [createDbClient(fresh.url), createDbClient(fresh.url)];
    try {
      for (let attempt = 0; attempt < 8; attempt++) {
        const outcomes = await Promise.allSettled([startAuth(a, env, fresh.url), startAuth(b, env, fresh.url)]);
        expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : 'ok')), `attempt ${attempt}`).toEqual(['ok', 'ok']);
        const admins = await a.user.findMany({ where: { email: ADMIN }, select: { role: true, accounts: { select: { providerId: true } } } });
        expect(admins).toEqual([{ role: 'admin', accounts: [{ providerId: 'credential' }] }]);
        await a.user.deleteMany({});
      }
    } finally {
      await Promise.all([a.$disconnect(), b.$disconnect()]);
    }
  });
});
