import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataset } from '../lib/datasets';
import { createDbClient } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { ABANDONED_IMPORT_MS, purgeDataset, sweepAbandonedImports } from '../lib/db/queries/datasets/purge-dataset';
import { listDatasets } from '../lib/db/queries/datasets/list-datasets';
import { datasetConversationPages } from '../lib/db/queries/datasets/conversation-pages';
import { exportDeepevalJson } from '../lib/datasets/export-deepeval';
import { exportLongCsv } from '../lib/datasets/export-long-csv';
import { importDatasetStream, IMPORT_BATCH } from '../lib/imports/import-dataset';
import { previewDatasetStream, PREVIEW_CONVERSATIONS } from '../lib/imports/preview-file';
import { type FreshDatabase, migratedDatabase, providers } from './db/databases';
import { fixturePath } from './fixtures/datasets/fixtures';
import { waitFor } from './helpers/wait-for';

/** Bytes in pieces of `size`, as an upload body arrives. */
async function* chunksOf(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}
const utf8 = (text: string) => new TextEncoder().encode(text);

async function storedConversations(db: Db, datasetId: string) {
  const all = [];
  for await (const page of datasetConversationPages(db, datasetId)) all.push(...page);
  return all;
}

async function counts(db: Db) {
  const [datasets, conversations, turns] = await Promise.all([db.dataset.count(), db.conversation.count(), db.turn.count()]);
  return { datasets, conversations, turns };
}

const line = (i: number) =>
  JSON.stringify({
    id: `c${i}`,
    scenario: `case ${i}`,
    turns: [
      { role: 'user', content: `question ${i}` },
      { role: 'assistant', content: `answer ${i}`, retrieval_context: [`doc ${i}`] },
    ],
  });

const FORMATS = [
  ['deepeval-bank-account.json', 'deepeval-json'],
  ['deepeval-cases.jsonl', 'deepeval-jsonl'],
  ['deepeval.csv', 'deepeval-csv'],
  ['openai-chat.jsonl', 'openai-jsonl'],
  ['sharegpt.json', 'sharegpt-json'],
  ['sharegpt.jsonl', 'sharegpt-jsonl'],
  ['long.csv', 'long-csv'],
  ['mastra-cases.json', 'mastra-json'],
] as const;

describe.each(providers)('streamed import on %s', (provider) => {
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

  it.each(FORMATS)('%s stores the conversations parseDataset reads, in order', async (name, format) => {
    const bytes = readFileSync(fixturePath(name));
    const expected = parseDataset(new TextDecoder().decode(bytes), { fileName: name });
    // 13-byte pieces cut lines, rows and UTF-8 sequences at arbitrary places.
    const outcome = await importDatasetStream(db, 'default', chunksOf(bytes, 13), { name: `fixture ${name}`, fileName: name });
    expect(outcome.ok, JSON.stringify(outcome.problems)).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.format).toBe(format);
    expect(outcome.stats).toMatchObject({ bytes: bytes.length, conversations: expected.stats.conversations, turns: expected.stats.turns });
    const dataset = await db.dataset.findUniqueOrThrow({ where: { id: outcome.datasetId } });
    expect(dataset).toMatchObject({
      name: `fixture ${name}`,
      sourceFormat: format,
      sourceFileName: name,
      conversationCount: expected.stats.conversations,
      turnCount: expected.stats.turns,
    });
    expect(await storedConversations(db, outcome.datasetId)).toEqual(expected.conversations);
  });

  it('stores several batches of a large file inside one dataset, with the model version', async () => {
    const n = IMPORT_BATCH * 2 + 17;
    const text = Array.from({ length: n }, (_, i) => line(i)).join('\n');
    const outcome = await importDatasetStream(db, 'default', chunksOf(utf8(text), 64 * 1024), {
      name: 'big',
      modelVersion: 'bot-2.1',
      fileName: 'big.jsonl',
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.stats).toMatchObject({ conversations: n, turns: 2 * n });
    const dataset = await db.dataset.findUniqueOrThrow({ where: { id: outcome.datasetId } });
    expect(dataset.modelVersion).toBe('bot-2.1');
    const stored = await storedConversations(db, outcome.datasetId);
    expect(stored).toHaveLength(n);
    expect(stored[n - 1]).toEqual(parseDataset(line(n - 1), { fileName: 'x.jsonl' }).conversations[0]);
  });

  it('an error at line N, after batches were written, rolls everything back and reports line N', async () => {
    const before = await counts(db);
    const badLine = IMPORT_BATCH * 3 + 5; // well after the first batches went to the database
    const lines = Array.from({ length: IMPORT_BATCH * 4 }, (_, i) => line(i + 1));
    lines[badLine - 1] = '{"id": "broken", "turns": [{"role": "user", "content": "unfinished"}';
    const outcome = await importDatasetStream(db, 'default', chunksOf(utf8(lines.join('\n')), 16 * 1024), { name: 'broken', fileName: 'broken.jsonl' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    const errors = outcome.problems.filter((p) => p.severity === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0].line).toBe(badLine);
    expect(outcome.message).toContain(`line ${badLine}`);
    expect(outcome.message).toMatch(/^Nothing was stored/);
    expect(await counts(db)).toEqual(before);
  });

  it('an upload waiting for the rest of its body holds no transaction: others read and write meanwhile, and its rows stay hidden', async () => {
    const before = await counts(db);
    let release!: (error: Error) => void;
    const broken = new Promise<never>((_, reject) => (release = reject));
    let firstPartSent!: () => void;
    const sent = new Promise<void>((resolve) => (firstPartSent = resolve));
    async function* slowUpload(): AsyncGenerator<Uint8Array> {
      yield utf8(Array.from({ length: IMPORT_BATCH + 10 }, (_, i) => line(i)).join('\n') + '\n');
      firstPartSent();
      await broken; // the client stops sending, then its connection breaks
    }
    const importing = importDatasetStream(db, 'default', slowUpload(), { name: 'trickle', fileName: 'trickle.jsonl' });
    await sent;
    // The first batch goes in on its own short transaction while the rest of the body is awaited.
    const stored = async () => {
      const pending = await db.dataset.findFirst({ where: { importing: true }, select: { id: true } });
      return pending ? db.conversation.count({ where: { datasetId: pending.id } }) : 0;
    };
    await waitFor('the first batch to be stored', async () => (await stored()) >= IMPORT_BATCH + 10);
    expect(await stored()).toBe(IMPORT_BATCH + 10);

    // Neither waits for the trickling import (which ends only below): a held transaction would hang them.
    const other = await importDatasetStream(db, 'default', chunksOf(utf8(line(1)), 1000), { name: 'meanwhile', fileName: 'meanwhile.jsonl' });
    const listed = await listDatasets(db, 'default');
    expect(other.ok).toBe(true);
    expect(listed.map((d) => d.name)).toContain('meanwhile');
    expect(listed.map((d) => d.name)).not.toContain('trickle');

    release(new Error('connection reset'));
    await expect(importing).rejects.toThrow('connection reset');
    expect(await db.dataset.count({ where: { name: 'trickle' } })).toBe(0);
    expect(await counts(db)).toEqual({ datasets: before.datasets + 1, conversations: before.conversations + 1, turns: before.turns + 2 });
  });

  it('the sweep removes an import whose process died, and nothing else', async () => {
    const longAgo = new Date(Date.now() - ABANDONED_IMPORT_MS - 60_000);
    const conversations = { create: [{ position: 0, matchKey: 'k', turnCount: 1, turns: { create: [{ index: 0, role: 'user', content: 'hi' }] } }] };
    const dead = await db.dataset.create({ data: { projectId: 'default', name: 'dead import', sourceFormat: 'pending', importing: true, updatedAt: longAgo, conversations } });
    const alive = await db.dataset.create({ data: { projectId: 'default', name: 'live import', sourceFormat: 'pending', importing: true, conversations } });
    const old = await db.dataset.create({ data: { projectId: 'default', name: 'old but done', sourceFormat: 'deepeval-json', updatedAt: longAgo, conversations } });

    expect(await sweepAbandonedImports(db)).toBe(1);
    const left = await db.dataset.findMany({ where: { id: { in: [dead.id, alive.id, old.id] } }, select: { id: true } });
    expect(left.map((d) => d.id).sort()).toEqual([alive.id, old.id].sort());
    expect(await db.conversation.count({ where: { datasetId: dead.id } })).toBe(0);
    await purgeDataset(db, alive.id);
    await purgeDataset(db, old.id);
  });

  it('the bad-line fixture stores nothing and names line 3', async () => {
    const before = await counts(db);
    const outcome = await importDatasetStream(db, 'default', chunksOf(readFileSync(fixturePath('bad-line.jsonl')), 50), { name: 'x', fileName: 'bad-line.jsonl' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems.find((p) => p.severity === 'error')?.line).toBe(3);
    expect(await counts(db)).toEqual(before);
  });

  it('an unknown role stores nothing and names the line and field', async () => {
    const before = await counts(db);
    const outcome = await importDatasetStream(db, 'default', chunksOf(readFileSync(fixturePath('unknown-role.jsonl')), 1000), { name: 'x', fileName: 'roles.jsonl' });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.problems[0]).toMatchObject({ severity: 'error', line: 2, field: 'turns[0].role' });
    expect(await counts(db)).toEqual(before);
  });

  it('relevant topics, available tools and expected tools are stored, exported and read back the same', async () => {
    const tool = { name: 'get_weather', input_parameters: { city: 'Oslo' } };
    const file = JSON.stringify({
      id: 'tools-1',
      relevant_topics: ['travel', 'weather'],
      availableTools: [tool, { name: 'search' }],
      turns: [
        { role: 'user', content: 'Rain in Oslo?' },
        { role: 'assistant', content: 'Yes.', tools_called: [tool], expected_tools: [tool] },
      ],
    });
    const first = await importDatasetStream(db, 'default', chunksOf(utf8(file), 32), { name: 'tools', fileName: 'tools.jsonl' });
    expect(first.ok, JSON.stringify(first)).toBe(true);
    if (!first.ok) return;
    const stored = await storedConversations(db, first.datasetId);
    expect(stored).toEqual(parseDataset(file, { fileName: 'tools.jsonl' }).conversations);
    expect(stored[0]).toMatchObject({ relevantTopics: ['travel', 'weather'], availableTools: [tool, { name: 'search' }] });
    expect(stored[0].turns[1].expectedTools).toEqual([tool]);
    for (const [exporter, fileName] of [[exportDeepevalJson, 'again.json'], [exportLongCsv, 'again.csv']] as const) {
      const again = await importDatasetStream(db, 'default', chunksOf(utf8([...exporter(stored)].join('')), 64), { name: fileName, fileName });
      expect(again.ok, JSON.stringify(again)).toBe(true);
      if (again.ok) expect(await storedConversations(db, again.datasetId)).toEqual(stored);
    }
  });

  it('a CSV mapping chosen by the user is applied', async () => {
    const csv = 'thread,speaker,utterance,notes\nt1,user,Hello,first\nt1,assistant,Hi there,second\n';
    const outcome = await importDatasetStream(db, 'default', chunksOf(utf8(csv), 8), {
      name: 'mapped',
      fileName: 'chats.csv',
      csvMapping: { thread: 'conversationId', speaker: 'role', utterance: 'content', notes: 'ignore' },
    });
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    if (!outcome.ok) return;
    expect(await storedConversations(db, outcome.datasetId)).toEqual([
      {
        externalId: 't1',
        turns: [
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi there' },
        ],
      },
    ]);
  });
});

describe('previewDatasetStream', () => {
  it('reports the format, counts, the first conversations and progress while it reads', async () => {
    const n = 3000;
    const bytes = utf8(Array.from({ length: n }, (_, i) => line(i)).join('\n'));
    const snapshots: number[] = [];
    const result = await previewDatasetStream(chunksOf(bytes, 4096), bytes.length, { fileName: 'p.jsonl' }, (s) => snapshots.push(s.bytesRead));
    expect(result).toMatchObject({ done: true, format: 'deepeval-jsonl', conversations: n, turns: 2 * n, bytesRead: bytes.length, problems: [] });
    expect(result.sample).toHaveLength(PREVIEW_CONVERSATIONS);
    expect(result.sample[0].externalId).toBe('c0');
    expect(result.csvHeaders).toBeNull();
  });

  it('reads CSV headers and the guessed mapping, and applies an edited one', async () => {
    const csv = 'thread,speaker,utterance\nt1,user,Hello\nt1,assistant,Hi\n';
    const guessed = await previewDatasetStream(chunksOf(utf8(csv), 10), csv.length, { fileName: 'c.csv' });
    expect(guessed.csvHeaders).toEqual(['thread', 'speaker', 'utterance']);
    expect(guessed.csvMapping).toMatchObject({ speaker: 'role', utterance: 'content' });
    expect(guessed.format).toBe('long-csv');
    const edited = await previewDatasetStream(chunksOf(utf8(csv), 10), csv.length, {
      fileName: 'c.csv',
      csvMapping: { thread: 'conversationId', speaker: 'role', utterance: 'content' },
    });
    expect(edited.csvMapping?.thread).toBe('conversationId');
    expect(edited.sample[0].externalId).toBe('t1');
  });

  it('gives the line of broken JSON, and one clear message for binary content', async () => {
    const broken = await previewDatasetStream(chunksOf(readFileSync(fixturePath('broken.json')), 64), 0, { fileName: 'broken.json' });
    expect(broken.problems[0]).toMatchObject({ severity: 'error', line: 7 });
    const binary = await previewDatasetStream(chunksOf(readFileSync(fixturePath('binary.csv')), 64), 0, { fileName: 'binary.csv' });
    expect(binary.problems).toHaveLength(1);
    expect(binary.problems[0].message).toMatch(/binary file, not text/);
  });
});
