import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { datasetConversationPages } from '../lib/db/queries/datasets/conversation-pages';
import type { Conversation } from '../lib/domain/conversation';
import { type FreshDatabase, migratedDatabase } from './db/databases';
import { fixturePath } from './fixtures/datasets/fixtures';
import { readUploadAnswer } from '../lib/imports/upload-answer';

// The upload and export route handlers themselves, on a SQLite database of their own.
let database: FreshDatabase;
let importRoute: typeof import('../app/api/datasets/import/route');
let exportRoute: typeof import('../app/api/datasets/[id]/export/route');
const previousUrl = process.env.DATABASE_URL;
const previousAuth = process.env.TURNWISE_AUTH;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  // The route handlers' own behaviour; sign-in is tested in tests/auth-routes.test.ts.
  process.env.TURNWISE_AUTH = 'off';
  importRoute = await import('../app/api/datasets/import/route');
  exportRoute = await import('../app/api/datasets/[id]/export/route');
});
afterAll(async () => {
  await disconnectDb();
  if (previousAuth === undefined) delete process.env.TURNWISE_AUTH;
  else process.env.TURNWISE_AUTH = previousAuth;
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  await database?.drop();
});

const upload = (body: BodyInit | null, query: Record<string, string>) =>
  importRoute.POST(
    new Request(`http://localhost/api/datasets/import?${new URLSearchParams(query)}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream' },
      // Node's fetch needs this for a streamed body.
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );

const download = (id: string, format: string) => exportRoute.GET(new Request(`http://localhost/api/datasets/${id}/export?format=${format}`), { params: Promise.resolve({ id }) });

async function stored(id: string): Promise<Conversation[]> {
  const all: Conversation[] = [];
  for await (const page of datasetConversationPages(getDb(), id)) all.push(...page);
  return all;
}

const counts = async () => ({ datasets: await getDb().dataset.count(), turns: await getDb().turn.count() });

describe('POST /api/datasets/import', () => {
  it('stores a file sent as a stream and answers with the new id', async () => {
    const bytes = readFileSync(fixturePath('openai-chat.jsonl'));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 100) controller.enqueue(new Uint8Array(bytes.subarray(i, i + 100)));
        controller.close();
      },
    });
    const res = await upload(body, { name: 'OpenAI chats', fileName: 'openai-chat.jsonl', modelVersion: 'v7' });
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer).toMatchObject({ ok: true, format: 'openai-jsonl' });
    const dataset = await getDb().dataset.findUniqueOrThrow({ where: { id: answer.datasetId } });
    expect(dataset).toMatchObject({ name: 'OpenAI chats', modelVersion: 'v7', sourceFormat: 'openai-jsonl' });
  });

  it('rejects binary garbage with one clear message and stores nothing', async () => {
    const before = await counts();
    const garbage = new Uint8Array(4096);
    for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 7919) % 256;
    const res = await upload(garbage, { name: 'garbage', fileName: 'data.jsonl' });
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'file', line: 1 });
    expect(error.problems).toHaveLength(1);
    expect(error.message).toMatch(/^Nothing was stored: binary file, not text: found a NUL byte at line 1; expected UTF-8 text/);
    expect(await counts()).toEqual(before);
  });

  it('rejects the binary fixture and a Latin-1 file, naming the line', async () => {
    const binary = await (await upload(readFileSync(fixturePath('binary.csv')), { name: 'b', fileName: 'binary.csv' })).json();
    expect(binary.error.message).toMatch(/binary file/);
    const latin1 = await (await upload(readFileSync(fixturePath('latin1.csv')), { name: 'l', fileName: 'latin1.csv' })).json();
    expect(latin1.error.code).toBe('BAD_INPUT');
    expect(latin1.error.message).toMatch(/not valid UTF-8: invalid byte sequence at line \d/);
  });

  it('rejects an empty file, and one with only whitespace', async () => {
    const before = await counts();
    for (const [body, found] of [
      [null, 'found nothing'],
      [new Uint8Array(0), 'found nothing'],
      [new TextEncoder().encode('  \n\n '), 'found only whitespace'],
    ] as const) {
      const res = await upload(body, { name: 'empty', fileName: 'empty.json' });
      expect(res.status).toBe(400);
      const answer = await res.json();
      expect(answer.error.message).toBe(`Nothing was stored: empty file: ${found}; expected JSON, JSONL or CSV content at line 1.`);
    }
    expect(await counts()).toEqual(before);
  });

  it('rejects content of no known format, saying what was expected and found', async () => {
    const res = await upload(new TextEncoder().encode('{"question": "hi"}\n{"question": "bye"}\n'), { name: 'x', fileName: 'x.jsonl' });
    expect(res.status).toBe(400);
    const answer = await res.json();
    expect(answer.error.message).toMatch(/unrecognised content: JSONL records with question: expected messages \(OpenAI\)/);
  });

  it('answers in the shape the import wizard reads: its message, the problems and the field errors', async () => {
    const rejected = await upload(new TextEncoder().encode('{"question": "hi"}\n'), { name: 'x', fileName: 'x.jsonl' });
    const shown = readUploadAnswer(rejected.status, '', await rejected.json());
    expect(shown).toMatchObject({ ok: false, message: expect.stringMatching(/^Nothing was stored: unrecognised content/) });
    expect(shown.ok ? [] : shown.problems).toHaveLength(1);
    const unnamed = await upload(new TextEncoder().encode('x'), { name: ' ' });
    expect(readUploadAnswer(unnamed.status, '', await unnamed.json())).toMatchObject({ ok: false, fieldErrors: { name: ['Give the dataset a name'] } });
    const stored = await upload(readFileSync(fixturePath('openai-chat.jsonl')), { name: 'ok', fileName: 'openai-chat.jsonl' });
    expect(readUploadAnswer(stored.status, '', await stored.json())).toEqual({ ok: true, datasetId: expect.any(String) });
  });

  it('needs a name, and a CSV mapping that names known fields', async () => {
    const noName = await upload(new TextEncoder().encode('x'), { name: '  ' });
    expect(noName.status).toBe(400);
    expect((await noName.json()).error).toMatchObject({ code: 'BAD_INPUT', field: 'name', message: 'Give the dataset a name', fieldErrors: { name: ['Give the dataset a name'] } });
    const badMapping = await upload(new TextEncoder().encode('x'), { name: 'n', csvMapping: JSON.stringify({ a: 'nonsense' }) });
    expect(badMapping.status).toBe(400);
    expect((await badMapping.json()).error.fieldErrors.csvMapping).toBeDefined();
  });
});

const tricky: Conversation[] = [
  {
    externalId: 'x-1',
    name: 'Markup <b>inside</b>',
    scenario: 'A user pastes HTML',
    expectedOutcome: 'Shown as text',
    chatbotRole: 'support bot',
    userDescription: 'curious',
    context: ['policy A', 'policy B'],
    relevantTopics: ['orders', 'refunds | returns'],
    availableTools: [{ name: 'lookup', description: 'Finds an order', input_parameters: { id: 'number' } }],
    metadata: { tier: 'gold', tags: ['a', 'b'] },
    turns: [
      { role: 'user', content: '<script>alert("x")</script><img src=x onerror=alert(1)>' },
      {
        role: 'assistant',
        content: '=HYPERLINK("http://evil.example","click")',
        retrievalContext: ['doc one', 'doc | with a pipe'],
        toolsCalled: [{ name: 'lookup', input_parameters: { id: 4 }, output: 'ok' }],
        expectedTools: [{ name: 'lookup', input_parameters: { id: 4 } }],
        expectedOutput: '+1 for you',
        metadata: { latency_ms: 120 },
      },
      { role: 'user', content: '-2 or @SUM(A1:A2)' },
      { role: 'assistant', content: 'Line one\nline two, with "quotes"', context: ['ctx item'] },
    ],
  },
  { externalId: 'x-2', turns: [{ role: 'user', content: 'Only a question' }] },
];

describe('GET /api/datasets/[id]/export', () => {
  let sourceId: string;

  beforeAll(async () => {
    const text = tricky.map((c) => JSON.stringify({
      id: c.externalId, name: c.name, scenario: c.scenario, expected_outcome: c.expectedOutcome, chatbot_role: c.chatbotRole,
      user_description: c.userDescription, context: c.context, additional_metadata: c.metadata, relevant_topics: c.relevantTopics, availableTools: c.availableTools,
      turns: c.turns.map((t) => ({ role: t.role, content: t.content, retrieval_context: t.retrievalContext, tools_called: t.toolsCalled, expected_tools: t.expectedTools, expected_output: t.expectedOutput, context: t.context, additional_metadata: t.metadata })),
    })).join('\n');
    const answer = await (await upload(new TextEncoder().encode(text), { name: 'Tricky: “quotes” & <tags>', fileName: 'tricky.jsonl' })).json();
    expect(answer.ok).toBe(true);
    sourceId = answer.datasetId;
    // Markup is stored as the text it is.
    expect(await stored(sourceId)).toEqual(tricky);
  });

  it.each([
    ['deepeval-json', 'application/json; charset=utf-8', '.json'],
    ['jsonl', 'application/x-ndjson; charset=utf-8', '.jsonl'],
    ['long-csv', 'text/csv; charset=utf-8', '.csv'],
  ])('%s: export, import the file again, same conversations', async (format, contentType, extension) => {
    const res = await download(sourceId, format);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(contentType);
    expect(res.headers.get('content-disposition')).toContain(`filename="tricky-quotes-tags${extension}"`);
    const file = new Uint8Array(await res.arrayBuffer());
    const again = await (await upload(file, { name: `again ${format}`, fileName: `export${extension}` })).json();
    expect(again.ok, JSON.stringify(again.problems)).toBe(true);
    expect(await stored(again.datasetId)).toEqual(await stored(sourceId));
  });

  it('CSV export neutralises cells that start with = + - @', async () => {
    const text = await (await download(sourceId, 'long-csv')).text();
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    const contents = rows.map((r) => r.content);
    expect(contents).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(contents).toContain(`'-2 or @SUM(A1:A2)`);
    expect(rows.map((r) => r.expected_output)).toContain(`'+1 for you`);
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('streams a dataset larger than one database page, in order', async () => {
    const n = 1234;
    const text = Array.from({ length: n }, (_, i) => JSON.stringify({ id: `c${i}`, turns: [{ role: 'user', content: `q${i}` }, { role: 'assistant', content: `a${i}` }] })).join('\n');
    const answer = await (await upload(new TextEncoder().encode(text), { name: 'many', fileName: 'many.jsonl' })).json();
    const lines = (await (await download(answer.datasetId, 'jsonl')).text()).trim().split('\n');
    expect(lines).toHaveLength(n);
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: n }, (_, i) => `c${i}`));
    const json = JSON.parse(await (await download(answer.datasetId, 'deepeval-json')).text());
    expect(json).toHaveLength(n);
  });

  it('answers 404 for an unknown dataset and 400 for an unknown format', async () => {
    const missing = await download('no-such-dataset', 'jsonl');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('NOT_FOUND');
    const bad = await download(sourceId, 'xml');
    expect(bad.status).toBe(400);
    const { error } = await bad.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'format' });
    expect(error.message).toMatch(/expected one of deepeval-json, jsonl, long-csv/);
  });
});
