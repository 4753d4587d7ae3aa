import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { type FreshDatabase, migratedDatabase } from './db/databases';

/*
 * Hostile sizes, refused early with a 413 or a located 400 that echoes nothing large, and
 * nothing stored: the upload route, the API's JSON body, one conversation's turns and text.
 */
let database: FreshDatabase;
let importRoute: typeof import('../app/api/datasets/import/route');
let runsRoute: typeof import('../app/api/v1/runs/route');
const saved = { ...process.env };

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  process.env.TURNWISE_AUTH = 'off';
  importRoute = await import('../app/api/datasets/import/route');
  runsRoute = await import('../app/api/v1/runs/route');
});
afterEach(() => {
  for (const key of ['TURNWISE_MAX_UPLOAD_MB', 'TURNWISE_MAX_JSON_BODY_KB', 'TURNWISE_MAX_TURNS', 'TURNWISE_MAX_TURN_CHARS']) delete process.env[key];
});
afterAll(async () => {
  await disconnectDb();
  process.env = saved;
  await database?.drop();
});

const MB = 1024 * 1024;
const counts = async () => ({ datasets: await getDb().dataset.count(), turns: await getDb().turn.count() });

/** A body of `bytes` bytes of JSONL conversations, streamed without a declared length. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  const line = new TextEncoder().encode(JSON.stringify({ turns: [{ role: 'user', content: 'x'.repeat(900) }, { role: 'assistant', content: 'ok' }] }) + '\n');
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      controller.enqueue(line);
      sent += line.byteLength;
    },
  });
}

const upload = (body: BodyInit, headers: Record<string, string> = {}) =>
  importRoute.POST(
    new Request(`http://localhost/api/datasets/import?${new URLSearchParams({ name: 'big', fileName: 'big.jsonl' })}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/octet-stream', ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit),
  );

const postRun = (body: string) =>
  runsRoute.POST(new Request('http://localhost/api/v1/runs', { method: 'POST', body, headers: { 'content-type': 'application/json' } }));

describe('upload size (TURNWISE_MAX_UPLOAD_MB)', () => {
  it('refuses a streamed upload past the limit with 413 while it arrives, and stores nothing', async () => {
    process.env.TURNWISE_MAX_UPLOAD_MB = '1';
    const before = await counts();
    const res = await upload(streamOf(3 * MB));
    expect(res.status).toBe(413);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'TOO_LARGE', field: 'file' });
    expect(error.message).toMatch(/larger than 1 MB.*TURNWISE_MAX_UPLOAD_MB.*nothing was stored/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a declared length past the limit before reading it', async () => {
    process.env.TURNWISE_MAX_UPLOAD_MB = '1';
    let pulled = 0;
    const body = new ReadableStream({ pull: (c) => void (pulled++ < 1000 ? c.enqueue(new Uint8Array(64 * 1024)) : c.close()) });
    const res = await upload(body, { 'content-length': String(2 * MB) });
    expect(res.status).toBe(413);
    expect(pulled).toBeLessThan(5);
  });

  it('takes a file under the limit', async () => {
    process.env.TURNWISE_MAX_UPLOAD_MB = '1';
    expect((await upload(streamOf(MB / 2))).status).toBe(201);
  });
});

describe('JSON bodies (TURNWISE_MAX_JSON_BODY_KB)', () => {
  it('refuses a 3 MB run request with 413 that echoes none of it', async () => {
    const res = await postRun(JSON.stringify({ datasetId: 'd'.repeat(3 * MB), metrics: ['conversation_relevancy'], judge: { kind: 'offline' } }));
    expect(res.status).toBe(413);
    const text = await res.text();
    expect(text.length).toBeLessThan(500);
    expect(JSON.parse(text).error).toMatchObject({ code: 'TOO_LARGE', field: 'body' });
  });

  it('answers an unknown long dataset id with a 404 that quotes only its start', async () => {
    const res = await postRun(JSON.stringify({ datasetId: 'd'.repeat(100_000), metrics: ['conversation_relevancy'], judge: { kind: 'offline' } }));
    expect(res.status).toBe(404);
    const text = await res.text();
    expect(text.length).toBeLessThan(500);
    expect(text).toContain('100,000 characters');
  });

  it('bounds a metric option such as scale', async () => {
    for (const [scale, message] of [[1e308, /at most 1000/], [1e-320, /at least 0.001/]] as const) {
      const res = await postRun(JSON.stringify({ datasetId: 'x', metrics: ['context_coverage'], options: { context_coverage: { scale } }, judge: { kind: 'offline' } }));
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.field).toBe('options.context_coverage.scale');
      expect(error.message).toMatch(message);
    }
  });
});

describe('one conversation (TURNWISE_MAX_TURNS, TURNWISE_MAX_TURN_CHARS)', () => {
  const file = (turns: number, chars = 10) =>
    JSON.stringify({ id: 'ok' , turns: [{ role: 'user', content: 'hi' }] }) + '\n' +
    JSON.stringify({ id: 'huge', turns: Array.from({ length: turns }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: 'y'.repeat(chars) })) }) + '\n';

  it('refuses a conversation with more turns than the limit, naming its line and field', async () => {
    const before = await counts();
    const res = await upload(file(10_001));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', line: 2, fileField: 'turns' });
    expect(error.message).toMatch(/10,001 turns: at most 10,000/);
    expect(await counts()).toEqual(before);
  });

  it('refuses a turn longer than TURNWISE_MAX_TURN_CHARS, naming the turn', async () => {
    process.env.TURNWISE_MAX_TURN_CHARS = '100';
    const res = await upload(file(3, 101));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ line: 2, fileField: 'turns[0].content' });
    expect(error.message).toMatch(/101 characters: at most 100 per turn/);
  });

  it('quotes only the start of a 1 MB role name', async () => {
    const res = await upload(JSON.stringify({ turns: [{ role: 'r'.repeat(MB), content: 'hi' }] }) + '\n');
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(2_000);
    expect(text).toContain('unknown role');
  });
});
