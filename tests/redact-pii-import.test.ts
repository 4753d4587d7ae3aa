import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../lib/db/client';
import type { Db } from '../lib/db/db-types';
import { datasetConversationPages } from '../lib/db/queries/datasets/conversation-pages';
import { importDatasetStream } from '../lib/imports/import-dataset';
import { importOptionsSchema, type ImportOptionsInput } from '../lib/imports/import-options';
import { handleImportRequest } from '../lib/imports/handle-requests';
import { addRedactionPattern } from '../lib/redaction/patterns';
import { LOCAL_PRINCIPAL } from '../lib/identity/principal';
import { type FreshDatabase, migratedDatabase, providers } from './db/databases';
import { PLANTED_COUNTS, plantedConversation, plantedFile } from './helpers/planted-pii';

async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const utf8 = (text: string) => new TextEncoder().encode(text);
const options = (input: ImportOptionsInput) => importOptionsSchema.parse(input);

async function stored(db: Db, datasetId: string) {
  const all = [];
  for await (const page of datasetConversationPages(db, datasetId)) all.push(...page);
  return all;
}

describe.each(providers)('redaction of personal data in an upload on %s', (provider) => {
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

  // 10,000 conversations on SQLite; the same rules with 500 on PostgreSQL (the rows are written by the same statements).
  it('removes every planted email, phone and card number of a 10,000-conversation file and leaves the look-alikes', async () => {
    const n = provider === 'sqlite' ? 10_000 : 500;
    const outcome = await importDatasetStream(db, 'default', chunksOf(utf8(plantedFile(n)), 64 * 1024), options({ name: 'planted', fileName: 'planted.jsonl', redact: 'builtin' }));
    expect(outcome.ok, JSON.stringify(!outcome.ok && outcome.problems.slice(0, 3))).toBe(true);
    if (!outcome.ok) return;
    const total = { email: PLANTED_COUNTS.email * n, phone: PLANTED_COUNTS.phone * n, card: PLANTED_COUNTS.card * n };
    expect(outcome.stats.redactions).toEqual(total);

    const conversations = await stored(db, outcome.datasetId);
    expect(conversations).toHaveLength(n);
    const counts = await db.conversation.findMany({ where: { datasetId: outcome.datasetId }, orderBy: { position: 'asc' }, select: { redactions: true } });
    const leaks: string[] = [];
    const lost: string[] = [];
    conversations.forEach((c, i) => {
      const { planted, alike } = plantedConversation(i);
      // The conversation's id is left as it is (it matches the conversation across runs).
      const text = JSON.stringify({ ...c, externalId: undefined });
      for (const value of [...planted.email, ...planted.phone, ...planted.card]) if (text.includes(value)) leaks.push(`conversation ${i}: ${value}`);
      for (const value of alike) if (!text.includes(value)) lost.push(`conversation ${i}: ${value}`);
      expect(counts[i].redactions).toEqual(PLANTED_COUNTS);
    });
    expect(leaks.slice(0, 10)).toEqual([]);
    expect(lost.slice(0, 10)).toEqual([]);
    expect(conversations[0].turns[0].content).toMatch(/^Hi, I'm \[EMAIL\]\. My order ORD-2024-000000 placed .* on card \[CARD\]\. Call me at \[PHONE\]\.$/);

    const dataset = await db.dataset.findUniqueOrThrow({ where: { id: outcome.datasetId }, select: { piiRedaction: true } });
    expect(dataset.piiRedaction).toEqual({ kinds: ['email', 'phone', 'card', 'ip'], patterns: [], sources: [], counts: total });
  }, 120_000);

  it('stores the file as it is when no redaction is asked for', async () => {
    const outcome = await importDatasetStream(db, 'default', chunksOf(utf8(plantedFile(3)), 1024), options({ name: 'as is', fileName: 'as-is.jsonl' }));
    if (!outcome.ok) throw new Error(outcome.message);
    const [first] = await stored(db, outcome.datasetId);
    expect(JSON.stringify(first)).toContain(plantedConversation(0).planted.card[0]);
    expect(outcome.stats.redactions).toBeUndefined();
    expect(await db.conversation.count({ where: { datasetId: outcome.datasetId, NOT: { redactions: { equals: null as never } } } })).toBe(0);
  });

  it('applies a saved pattern through the upload route and names an unknown one before storing anything', async () => {
    await addRedactionPattern(db, LOCAL_PRINCIPAL, { name: 'order', pattern: 'ORD-[0-9]{4}-[0-9]{6}' });
    const file = plantedFile(20);
    const before = await db.dataset.count();
    const unknown = await handleImportRequest(db, 'default', new Request('http://x/api/datasets/import?name=x&fileName=x.jsonl&redact=email,custom:staff-id', { method: 'POST', body: file }));
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'BAD_INPUT', field: 'redact', message: expect.stringMatching(/no pattern named "staff-id"; saved patterns: order/) } });
    const bad = await handleImportRequest(db, 'default', new Request('http://x/api/datasets/import?name=x&fileName=x.jsonl&redact=emails', { method: 'POST', body: file }));
    expect(await bad.json()).toMatchObject({ error: { code: 'BAD_INPUT', field: 'redact', message: expect.stringContaining('"emails" is not something to redact') } });
    expect(await db.dataset.count()).toBe(before);

    const answer = await handleImportRequest(db, 'default', new Request('http://x/api/datasets/import?name=orders&fileName=x.jsonl&redact=email,custom:order', { method: 'POST', body: file }));
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { datasetId: string; stats: { redactions: Record<string, number> } };
    // ORD-…: in the scenario, the expected outcome, turns 0 and 3, and the tool call's input.
    expect(body.stats.redactions).toEqual({ email: 8 * 20, 'custom:order': 5 * 20 });
    const [first] = await stored(db, body.datasetId);
    expect(first.scenario).toBe('Customer [EMAIL] asks about order [CUSTOM:order]');
    expect(first.turns[0].content).toContain(plantedConversation(0).planted.card[0]);
  });
});
