import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { purgeDataset } from '@/lib/db/queries/datasets/purge-dataset';
import { saveDataset } from '@/lib/imports/save-dataset';
import { countTurnMatches, searchTurns, searchTurnsCounted } from '@/lib/db/queries/datasets/search-turns';
import { ensureSearchIndex } from '@/lib/db/search-index';
import type { Conversation } from '@/lib/domain';
import { MATCH_END, MATCH_START } from '@/lib/search/search-terms';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';

/* Full-text search over every turn, on SQLite (FTS5) and PostgreSQL (a stored tsvector column with a GIN index). */

const chat = (name: string, replies: string[]): Conversation => ({
  name,
  turns: replies.flatMap((reply, i) => [
    { role: 'user' as const, content: `Question ${i + 1} about my parcel?` },
    { role: 'assistant' as const, content: reply },
  ]),
});

const conversations: Conversation[] = [
  chat('Deep', ['Hello.', 'Let me check.', 'Still checking.', 'Your parcel is at the Zurich depot, ready for pick-up.']),
  chat('Twice', ['The warranty covers the battery.', 'The warranty also covers the screen, warranty included.']),
  chat('Once', ['The warranty is one year.']),
  chat('Café', ['Le café est fermé le dimanche.']),
];

describe.each(providers)('turn search on %s', (provider) => {
  let fresh: FreshDatabase;
  let db: Db;
  let datasetId: string;
  let otherId: string;
  beforeAll(async () => {
    fresh = await migratedDatabase(provider);
    db = createDbClient(fresh.url);
    datasetId = (await saveDataset(db, { projectId: 'default', name: 'search', sourceFormat: 'turnwise', conversations })).id;
    otherId = (await saveDataset(db, { projectId: 'default', name: 'other', sourceFormat: 'turnwise', conversations: [chat('Elsewhere', ['Zurich again, in another dataset.'])] })).id;
  }, 60_000);
  afterAll(async () => {
    await db?.$disconnect();
    await fresh?.drop();
  });

  it('finds a word that only a late assistant reply has, in that dataset only, with a marked snippet', async () => {
    const matches = await searchTurns(db, datasetId, 'zurich');
    expect(matches).toHaveLength(1);
    expect(matches[0]).toMatchObject({ label: 'Deep', turnIndex: 7, role: 'assistant' });
    expect(matches[0].snippet).toContain(`${MATCH_START}Zurich${MATCH_END}`);
    expect((await searchTurns(db, otherId, 'zurich')).map((m) => m.label)).toEqual(['Elsewhere']);
  });

  it('needs every word, takes the last one as a prefix, and ranks more matches first', async () => {
    expect((await searchTurns(db, datasetId, 'parcel depot')).map((m) => m.turnIndex)).toEqual([7]);
    expect((await searchTurns(db, datasetId, 'parcel zzz')).length).toBe(0);
    expect((await searchTurns(db, datasetId, 'depo')).map((m) => m.label)).toEqual(['Deep']);
    expect((await searchTurns(db, datasetId, 'warranty')).map((m) => m.label)[0]).toBe('Twice');
    expect((await searchTurns(db, datasetId, 'café')).map((m) => m.label)).toEqual(['Café']);
  });

  it('counts the matching turns of the dataset, stopping past the cap', async () => {
    // Every user turn says "parcel" (4 + 2 + 1 + 1 of them), and one reply; the other dataset's are not counted.
    expect(await countTurnMatches(db, datasetId, 'parcel')).toBe(9);
    expect(await countTurnMatches(db, datasetId, 'warranty')).toBe(3);
    expect(await countTurnMatches(db, datasetId, 'parcel', 5)).toBe(6);
    expect(await countTurnMatches(db, datasetId, 'quillfeather')).toBe(0);
    expect(await countTurnMatches(db, datasetId, '"')).toBe(0);
  });

  it('lists the best matches with their count in one read, as the search and the count give them apart', async () => {
    expect(await searchTurnsCounted(db, datasetId, 'parcel', 3)).toEqual({ matches: await searchTurns(db, datasetId, 'parcel', 3), total: 9 });
    expect((await searchTurnsCounted(db, datasetId, 'parcel', 3, 5)).total).toBe(6);
    expect(await searchTurnsCounted(db, datasetId, 'zurich')).toEqual({ matches: await searchTurns(db, datasetId, 'zurich'), total: 1 });
    expect(await searchTurnsCounted(db, datasetId, 'quillfeather')).toEqual({ matches: [], total: 0 });
  });

  it('never fails on operators, quotes or other scripts', async () => {
    for (const text of ['"', '*', 'AND(', 'parcel OR', 'NEAR/2 "x', '^col:', '日本語', '']) {
      await expect(searchTurns(db, datasetId, text), text).resolves.toBeInstanceOf(Array);
    }
  });

  it('forgets the turns of a deleted dataset', async () => {
    const gone = (await saveDataset(db, { projectId: 'default', name: 'gone', sourceFormat: 'turnwise', conversations: [chat('Gone', ['Quetzalcoatl was here.'])] })).id;
    expect(await searchTurns(db, gone, 'quetzalcoatl')).toHaveLength(1);
    await purgeDataset(db, gone);
    if (provider === 'sqlite') {
      const rows = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "TurnSearch" WHERE "TurnSearch" MATCH '"quetzalcoatl"'`);
      expect(Number(rows[0].n)).toBe(0);
    }
    expect(await searchTurns(db, gone, 'quetzalcoatl')).toHaveLength(0);
  });

  it('leaves nothing in the index from an import that failed part-way', async () => {
    async function* failing(): AsyncGenerator<Conversation[]> {
      yield [chat('Half', ['Xylophonist on the first batch.'])];
      throw new Error('upload cut off');
    }
    await expect(saveDataset(db, { projectId: 'default', name: 'half', sourceFormat: 'turnwise', conversations: failing() })).rejects.toThrow('upload cut off');
    expect(await db.dataset.count({ where: { name: 'half' } })).toBe(0);
    if (provider === 'sqlite') {
      const rows = await db.$queryRawUnsafe<{ n: number | bigint }[]>(`SELECT COUNT(*) AS n FROM "TurnSearch" WHERE "TurnSearch" MATCH '"xylophonist"'`);
      expect(Number(rows[0].n)).toBe(0);
    }
  });

  it('indexes the turns stored before the index existed', async () => {
    if (provider === 'sqlite') {
      await db.$executeRawUnsafe('DROP TABLE "TurnSearch"');
      for (const trigger of ['delete', 'update']) await db.$executeRawUnsafe(`DROP TRIGGER "TurnSearch_${trigger}"`);
    } else {
      // As a database of the first version of search had it: an expression index, no stored column.
      await db.$executeRawUnsafe('ALTER TABLE "Turn" DROP COLUMN "contentSearch"');
      await db.$executeRawUnsafe(`CREATE INDEX "Turn_content_search_idx" ON "Turn" USING gin (to_tsvector('simple', "content"))`);
    }
    await ensureSearchIndex(fresh.url);
    if (provider === 'postgres') {
      const indexes = await db.$queryRawUnsafe<{ indexname: string }[]>(`SELECT indexname FROM pg_indexes WHERE tablename = 'Turn' AND indexname ILIKE '%search%'`);
      expect(indexes.map((i) => i.indexname)).toEqual(['Turn_contentSearch_idx']);
    }
    expect((await searchTurns(db, datasetId, 'zurich')).map((m) => m.turnIndex)).toEqual([7]);
  });
});
