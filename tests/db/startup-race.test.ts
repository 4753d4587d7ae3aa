import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { seedDemoOnce } from '@/lib/server/start-server-services';
import { migratedDatabase, providers, type FreshDatabase } from './databases';

let fresh: FreshDatabase | undefined;
afterEach(async () => {
  await fresh?.drop();
  fresh = undefined;
});

describe.each(providers)('start-up on a new %s database', { timeout: 120_000 }, (provider) => {
  it('seeds the demo once when several starts race for it, its run completed', async () => {
    fresh = await migratedDatabase(provider);
    // Two clients, as two processes would have: each sees an empty database before the other writes.
    const [a, b] = [createDbClient(fresh.url), createDbClient(fresh.url)];
    try {
      const seeded = await Promise.all([seedDemoOnce(fresh.url, a), seedDemoOnce(fresh.url, b)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      expect(await a.dataset.count()).toBe(1);
      expect(await a.run.findMany({ select: { status: true, error: true } })).toEqual([{ status: 'completed', error: null }]);
    } finally {
      await Promise.all([a.$disconnect(), b.$disconnect()]);
    }
  });
});
