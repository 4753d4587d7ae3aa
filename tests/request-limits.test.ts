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
let datasetsRoute: typeof import('../app/api/v1/datasets/route');
const saved = { ...process.env };

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  process.env.TURNWISE_AUTH = 'off';
  importRoute = await import('../app/api/datasets/import/route');
  runsRoute = await import('../app/api/v1/runs/route');
  datasetsRoute = await import('../app/api/v1/datasets/route');
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

  it('quotes only the start of a 900 KB role name', async () => {
    // (Past 1,000,000 characters a text is refused while it arrives, before any role is read.)
    const res = await upload(JSON.stringify({ turns: [{ role: 'r'.repeat(900 * 1024), content: 'hi' }] }) + '\n');
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text.length).toBeLessThan(2_000);
    expect(text).toContain('unknown role');
  });
});

/** `head`, then `bytes` of filler made as it is read (never held by the test), then `tail`. */
function hugeLine(head: string, bytes: number, tail: string): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const filler = encoder.encode('x'.repeat(256 * 1024));
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(encoder.encode(head));
      else if (sent < bytes) controller.enqueue(filler);
      else if (sent === bytes) controller.enqueue(encoder.encode(tail));
      else return controller.close();
      sent = sent === -1 ? 0 : sent >= bytes ? bytes + 1 : sent + filler.byteLength;
    },
  });
}

/** POST /api/v1/datasets with `file` streamed in a multipart body. */
function apiUpload(fileName: string, file: ReadableStream<Uint8Array>) {
  const boundary = 'bounds-test-boundary';
  const encoder = new TextEncoder();
  const head = encoder.encode(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = encoder.encode(`\r\n--${boundary}--\r\n`);
  const reader = file.getReader();
  let stage = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (stage === 0) {
        stage = 1;
        return controller.enqueue(head);
      }
      if (stage === 1) {
        const { value, done } = await reader.read();
        if (!done) return controller.enqueue(value);
        stage = 2;
        return controller.enqueue(tail);
      }
      controller.close();
    },
  });
  return datasetsRoute.POST(
    new Request('http://localhost/api/v1/datasets', { method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, duplex: 'half' } as RequestInit),
  );
}

describe('a line of hundreds of MB (bounded while it arrives)', () => {
  const ok = JSON.stringify({ turns: [{ role: 'user', content: 'before it' }] });

  it('the upload route answers 400 naming the line and field, and stores nothing', async () => {
    const before = await counts();
    const res = await upload(hugeLine(`${ok}\n{"turns":[{"role":"user","content":"`, 300 * MB, '"}]}\n'));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'file', line: 2, fileField: 'turns[0].content' });
    expect(error.message).toMatch(/^Nothing was stored: content has more than 1,000,000 characters: at most 1,000,000 per turn are accepted \(TURNWISE_MAX_TURN_CHARS\) at line 2, turns\[0\]\.content\.$/);
    expect(await counts()).toEqual(before);
  });

  it('with skip invalid, the line is left out and noted, and the others are stored', async () => {
    const res = await importRoute.POST(
      new Request(`http://localhost/api/datasets/import?${new URLSearchParams({ name: 'skipping', fileName: 'big.jsonl', skipInvalid: 'true' })}`, {
        method: 'POST',
        body: hugeLine(`${ok}\n{"turns":[{"role":"user","content":"`, 50 * MB, `"}]}\n${ok}\n`),
        headers: { 'content-type': 'application/octet-stream' },
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(201);
    const answer = await res.json();
    expect(answer.stats).toMatchObject({ conversations: 2, turns: 2 });
    expect(answer.skipped).toEqual([{ line: 2, field: 'turns[0].content', message: expect.stringMatching(/^content has more than 1,000,000 characters/) }]);
  });

  it('POST /api/v1/datasets answers the same for a CSV cell', async () => {
    const res = await apiUpload('big.csv', hugeLine('conversation_id,role,content,chatbot_role\nc1,user,hi,"', 100 * MB, '"\n'));
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'file', line: 2, fileField: 'chatbot_role' });
    expect(error.message).toMatch(/the cell has more than 100,000 characters: at most 50,000 are accepted/);
  });
});

describe('field limits and types, named in the upload error and the API', () => {
  // One request of 1.5 MB: before, it was stored whole and made a 31 MB conversation page.
  const record = (fields: Record<string, unknown>) => JSON.stringify({ ...fields, turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok' }] }) + '\n';
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['a 1.5 MB chatbot_role', { chatbot_role: 'r'.repeat(1.5 * MB) }, 'chatbot_role', /chatbot_role has more than 100,000 characters: at most 50,000/],
    ['a scenario over 20,000 characters', { scenario: 's'.repeat(20_001) }, 'scenario', /scenario has 20,001 characters: at most 20,000/],
    ['a number in chatbot_role', { chatbot_role: 3 }, 'chatbot_role', /expected text, found a number/],
  ];
  it.each(cases)('%s', async (_what, fields, fileField, message) => {
    const before = await counts();
    const page = await upload(record(fields));
    const api = await apiUpload('cases.jsonl', new Response(record(fields)).body!);
    for (const res of [page, api]) {
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error).toMatchObject({ code: 'BAD_INPUT', field: 'file', line: 1, fileField });
      expect(error.message).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('a tool call that is not an object, and too many of them', async () => {
    const turns = (tools_called: unknown) => JSON.stringify({ turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok', tools_called }] });
    const res = await upload(`${turns(['lookup'])}\n${turns(Array.from({ length: 101 }, (_, i) => ({ name: `t${i}` })))}\n`);
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error).toMatchObject({ line: 1, fileField: 'turns[1].tools_called[0]' });
    expect(error.problems).toEqual([
      expect.objectContaining({ line: 1, field: 'turns[1].tools_called[0]', message: 'expected a tool: an object with a name, found a string' }),
      expect.objectContaining({ line: 2, field: 'turns[1].tools_called', message: '101 tool calls: at most 100 are accepted' }),
    ]);
  });
});
