import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { parseConversationQuery } from '../lib/domain/conversation-query';
import { deleteDataset } from '../lib/db/queries/datasets/delete-dataset';
import { getConversation } from '../lib/db/queries/datasets/get-conversation';
import { listConversations } from '../lib/db/queries/datasets/list-conversations';
import { renameDataset } from '../lib/db/queries/datasets/rename-dataset';
import { saveDataset } from '../lib/imports/save-dataset';
import { AppError } from '../lib/errors';
import type { Conversation } from '../lib/domain/conversation';
import { type FreshDatabase, migratedDatabase, providers } from './db/databases';

const conversation = (i: number, extra: Partial<Conversation> = {}): Conversation => ({
  externalId: `case-${String(i).padStart(3, '0')}`,
  turns: Array.from({ length: 1 + (i % 4) }, (_, t) => ({ role: t % 2 ? 'assistant' : 'user', content: t === 0 ? `Question ${i}` : `Answer ${i}` })),
  ...extra,
});

describe.each(providers)('browsing datasets on %s', (provider) => {
  let database: FreshDatabase;
  let db: Db;
  let datasetId: string;
  let otherId: string;

  beforeAll(async () => {
    database = await migratedDatabase(provider);
    db = createDbClient(database.url);
    const conversations = Array.from({ length: 60 }, (_, i) => conversation(i));
    conversations[17] = conversation(17, { name: 'Refund dispute', turns: [{ role: 'user', content: 'I want my money back' }] });
    conversations[42] = conversation(42, { turns: [{ role: 'user', content: 'Where is my REFUND?' }] });
    datasetId = (await saveDataset(db, { projectId: 'default', name: 'browse', sourceFormat: 'deepeval-jsonl', conversations })).id;
    otherId = (await saveDataset(db, { projectId: 'default', name: 'other', sourceFormat: 'deepeval-jsonl', conversations: [conversation(1)] })).id;
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  it('pages the conversations in file order', async () => {
    const first = await listConversations(db, 'default', datasetId, { skip: 0, take: 25 });
    expect(first.total).toBe(60);
    expect(first.rows.map((r) => r.position)).toEqual(Array.from({ length: 25 }, (_, i) => i));
    const last = await listConversations(db, 'default', datasetId, { skip: 50, take: 25 });
    expect(last.rows.map((r) => r.externalId)).toEqual(Array.from({ length: 10 }, (_, i) => `case-0${50 + i}`));
  });

  it('searches name, external id, id and first message, ignoring case', async () => {
    const refund = await listConversations(db, 'default', datasetId, { skip: 0, take: 50 }, { q: 'refund' });
    expect(refund.rows.map((r) => r.position).sort((a, b) => a - b)).toEqual([17, 42]);
    expect(refund.total).toBe(2);
    const byExternalId = await listConversations(db, 'default', datasetId, { skip: 0, take: 50 }, { q: 'CASE-05' });
    expect(byExternalId.total).toBe(10);
    const row = byExternalId.rows[0];
    const byId = await listConversations(db, 'default', datasetId, { skip: 0, take: 50 }, { q: row.id });
    expect(byId.rows.map((r) => r.id)).toEqual([row.id]);
    expect((await listConversations(db, 'default', datasetId, { skip: 0, take: 50 }, { q: 'nothing like this' })).total).toBe(0);
  });

  it('counts a search\'s matches only so far past the page shown, and says there are more', async () => {
    // Every external id but one has "case-0" (conversation 17 has a name too); counted up to 5 past the page.
    const capped = await listConversations(db, 'default', datasetId, { skip: 10, take: 10 }, { q: 'CASE-0' }, 5);
    expect(capped).toMatchObject({ total: 25, more: true });
    expect(capped.rows.map((r) => r.position)).toEqual(Array.from({ length: 10 }, (_, i) => 10 + i));
    expect(await listConversations(db, 'default', datasetId, { skip: 50, take: 10 }, { q: 'CASE-0' }, 5)).toMatchObject({ total: 60, more: false });
    expect(await listConversations(db, 'default', datasetId, { skip: 0, take: 10 })).toMatchObject({ total: 60, more: false });
  });

  it('sorts by turns, name and first message, ties in file order', async () => {
    const byTurns = await listConversations(db, 'default', datasetId, { skip: 0, take: 60 }, { sort: 'turns', dir: 'desc' });
    const counts = byTurns.rows.map((r) => r.turnCount);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const fours = byTurns.rows.filter((r) => r.turnCount === 4).map((r) => r.position);
    expect(fours).toEqual([...fours].sort((a, b) => a - b));
    const byName = await listConversations(db, 'default', datasetId, { skip: 0, take: 3 }, { sort: 'name', dir: 'asc' });
    expect(byName.rows.map((r) => r.name ?? r.externalId)).toEqual(['Refund dispute', 'case-000', 'case-001']);
    const byMessage = await listConversations(db, 'default', datasetId, { skip: 0, take: 1 }, { sort: 'message', dir: 'desc' });
    expect(byMessage.rows[0].firstUserMessage).toBe('Where is my REFUND?');
  });

  it('reads list settings from search params, falling back on defaults', () => {
    expect(parseConversationQuery({ q: '  refund ', sort: 'turns', dir: 'desc', page: '2' })).toEqual({ q: 'refund', sort: 'turns', dir: 'desc' });
    expect(parseConversationQuery({ sort: 'DROP TABLE', dir: ['sideways'] })).toEqual({ q: '', sort: 'position', dir: 'asc' });
  });

  it('opens one conversation with its neighbours, and only inside its dataset', async () => {
    const { rows } = await listConversations(db, 'default', datasetId, { skip: 17, take: 1 });
    const detail = await getConversation(db, datasetId, rows[0].id);
    expect(detail).toMatchObject({ position: 17, datasetName: 'browse', conversation: { name: 'Refund dispute', externalId: 'case-017' } });
    expect(detail.previousId).not.toBeNull();
    expect((await getConversation(db, datasetId, detail.nextId as string)).position).toBe(18);
    await expect(getConversation(db, otherId, rows[0].id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('renames, and deletes only with the confirmed run count', async () => {
    await renameDataset(db, 'default', otherId, 'renamed');
    expect((await db.dataset.findUniqueOrThrow({ where: { id: otherId } })).name).toBe('renamed');
    await expect(renameDataset(db, 'default', 'missing', 'x')).rejects.toMatchObject({ code: 'NOT_FOUND' });

    await db.run.create({ data: { projectId: 'default', datasetId: otherId, judgeKind: 'offline', judgeModel: 'offline', metricSettings: {} } });
    const refused = await deleteDataset(db, 'default', otherId, 0).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'CONFLICT', message: 'This dataset now has 1 run; confirm again to delete them with it.' });
    expect(await db.dataset.count({ where: { id: otherId } })).toBe(1);

    await deleteDataset(db, 'default', otherId, 1);
    expect(await db.dataset.count({ where: { id: otherId } })).toBe(0);
    expect(await db.run.count({ where: { datasetId: otherId } })).toBe(0);
    expect(await db.conversation.count({ where: { datasetId: otherId } })).toBe(0);
    expect(await db.conversation.count({ where: { datasetId } })).toBe(60);
  });
});
