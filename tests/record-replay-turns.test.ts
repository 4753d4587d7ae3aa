import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { saveDataset } from '@/lib/imports/save-dataset';
import { recordReplayTurns } from '@/lib/db/queries/replays/record-replay-turn';
import { getReplay, startReplay } from '@/lib/replay';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';

/* Stored turns of a replay, many to a statement: each pending turn stored once and counted once, on both databases. */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const reply = (content: string) => ({ content, promptTokens: 10, completionTokens: 5, costUsd: 0.25, targetCalls: 1, judgeCalls: 0 });

for (const provider of ['sqlite', 'postgres'] as const) {
  describe.skipIf(provider === 'postgres' && !TEST_POSTGRES_URL)(`recordReplayTurns on ${provider}`, () => {
    it('stores plain replies and the others in one go, never a turn twice, and counts them on the replay', async () => {
      const fresh = await migratedDatabase(provider);
      const db = createDbClient(fresh.url);
      cleanups.push(async () => {
        await db.$disconnect();
        await fresh.drop();
      });
      const turns = Array.from({ length: 3 }, (_, e) => [
        { role: 'user' as const, content: `Q${e}` },
        { role: 'assistant' as const, content: `A${e}` },
      ]).flat();
      const dataset = await saveDataset(db, { projectId: 'default', name: 'd', sourceFormat: 'turnwise', conversations: [{ externalId: 'c0', turns }, { externalId: 'c1', turns }] });
      const { id } = await startReplay(db, 'default', { datasetId: dataset.id, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' }, modelVersion: 'v2' }, null, {});
      const stored = await recordReplayTurns(db, id, [
        { position: 0, turnIndex: 1, outcome: reply("It's 'quoted' — and long\n".repeat(50)) },
        { position: 0, turnIndex: 3, outcome: reply('B') },
        { position: 1, turnIndex: 1, outcome: { ...reply(''), content: undefined, error: 'conversation 2, turn 2: refused' } },
        { position: 1, turnIndex: 3, outcome: { ...reply('With context'), retrievalContext: ['doc'] } },
      ]);
      expect(stored).toBe(4);
      // Stored already: nothing is written or counted again.
      expect(await recordReplayTurns(db, id, [{ position: 0, turnIndex: 3, outcome: reply('again') }, { position: 0, turnIndex: 5, outcome: reply('C') }])).toBe(1);
      const rows = await db.replayTurn.findMany({ where: { replayId: id }, orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }], select: { status: true, content: true, attempts: true, costUsd: true, retrievalContext: true, updatedAt: true } });
      expect(rows.map((r) => [r.status, r.content, r.attempts])).toEqual([
        ['done', "It's 'quoted' — and long\n".repeat(50), 1],
        ['done', 'B', 1],
        ['done', 'C', 1],
        ['error', null, 1],
        ['done', 'With context', 1],
        ['pending', null, 0],
      ]);
      expect(rows[4].retrievalContext).toEqual(['doc']);
      expect(rows[0].updatedAt).toBeInstanceOf(Date);
      expect(Math.abs(rows[0].updatedAt.getTime() - Date.now())).toBeLessThan(60_000);
      const replay = await getReplay(db, 'default', id);
      expect(replay).toMatchObject({ progress: { done: 4, total: 6, errors: 1 }, targetCalls: 5, promptTokens: 50, completionTokens: 25 });
      expect(replay.costUsd).toBeCloseTo(1.25);
    });
  });
}
