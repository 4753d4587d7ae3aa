import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { applyMigrations } from '@/lib/db/migrations';
import { sqliteFilePath } from '@/lib/db/url';
import { rootBefore } from './root-before';
import { freshDatabase, providers, type FreshDatabase } from './databases';

/*
 * The migration that brings metric owners and hashed session tokens: the plain tokens stored
 * before go (a read of the table no longer yields a session), and the 30 MB names update-user
 * let in are cut to the limit now enforced.
 */
const MIGRATION = '20261125172213_metric_owner_hashed_sessions';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-migrations-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));


describe.each(providers)('the accounts migration on %s', { timeout: 120_000 }, (provider) => {
  let fresh: FreshDatabase | undefined;
  afterAll(() => fresh?.drop());

  it('drops the plain session tokens, cuts long names, and leaves metrics without an owner', async () => {
    fresh = await freshDatabase(provider);
    const file = sqliteFilePath(fresh.url);
    if (file) fs.mkdirSync(path.dirname(file), { recursive: true });
    await applyMigrations(fresh.url, { root: rootBefore(tmp, provider, MIGRATION) });
    const db = createDbClient(fresh.url);
    try {
      await db.user.create({ data: { id: 'u1', email: 'long@example.com', name: 'n'.repeat(30_000), image: `https://x/${'i'.repeat(3_000)}` } });
      await db.user.create({ data: { id: 'u2', email: 'short@example.com', name: 'Ada', image: 'https://x/ada.png' } });
      await db.session.create({ data: { id: 's1', token: 'plainTokenThatOpensASession', userId: 'u2', expiresAt: new Date(Date.now() + 86_400_000) } });
      await db.$executeRawUnsafe(`INSERT INTO "CustomMetric" ("id", "name", "version", "scope", "definition", "createdBy") VALUES ('m1', 'tone', 1, 'turn', '{}', 'old@example.com')`);
      // This migration first, then any that came after it.
      expect((await applyMigrations(fresh.url))[0]).toBe(MIGRATION);
      expect(await db.session.count()).toBe(0);
      const users = await db.user.findMany({ orderBy: { id: 'asc' }, select: { name: true, image: true } });
      expect(users).toEqual([
        { name: 'n'.repeat(100), image: null },
        { name: 'Ada', image: 'https://x/ada.png' },
      ]);
      expect(await db.customMetric.findMany({ select: { name: true, ownerId: true, createdBy: true } })).toEqual([{ name: 'tone', ownerId: null, createdBy: 'old@example.com' }]);
    } finally {
      await db.$disconnect();
    }
  });
});
