import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { createPasswordUser } from '../lib/auth/users';
import { disconnectDb, getDb } from '../lib/db/client';
import { withDeepeval } from '../lib/deepeval/http/with-deepeval';
import { deepevalOk } from '../lib/deepeval/http/answers';
import { AppError } from '../lib/errors';
import { migratedDatabase, type FreshDatabase } from './db/databases';

// The boundary of the routes deepeval's client calls: its header spellings, roles, and every answer in its envelope.
let database: FreshDatabase;
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY };
const keys = { editor: '', viewer: '', ingest: '' };
let catchAll: typeof import('../app/api/deepeval/v1/[...path]/route');

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  delete process.env.TURNWISE_API_KEY;
  resetAuth();
  catchAll = await import('../app/api/deepeval/v1/[...path]/route');
  const editor = await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'editor', password: 'correct horse battery', role: 'editor' });
  const viewer = await createPasswordUser(getDb(), { email: 'viewer@example.com', name: 'viewer', password: 'correct horse battery', role: 'viewer' });
  keys.editor = (await createApiKey(getDb(), 'default', editor.id, 'pytest')).key;
  keys.viewer = (await createApiKey(getDb(), 'default', viewer.id, 'notebook')).key;
  keys.ingest = (await createApiKey(getDb(), 'default', editor.id, 'tracer', 'ingest')).key;
});

afterAll(async () => {
  resetAuth();
  await disconnectDb();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database.drop();
});

const request = (method: string, headers: Record<string, string>) =>
  new Request('http://localhost/api/deepeval/v1/test-run', { method, headers: { 'content-type': 'application/json', ...headers }, body: method === 'GET' ? undefined : '{}' });
const whoAmI = (req: Request, options = {}) => withDeepeval(req, async (principal) => deepevalOk({ email: principal.email }, { id: 'x', link: 'http://localhost/x' }), options);

describe('withDeepeval', () => {
  it("takes the key in Python's CONFIDENT-API-KEY, the TypeScript client's CONFIDENT_API_KEY, x-confident-api-key and Authorization: Bearer", async () => {
    for (const headers of <Record<string, string>[]>[
      { 'CONFIDENT-API-KEY': keys.editor },
      { CONFIDENT_API_KEY: keys.editor },
      { 'x-confident-api-key': keys.editor },
      { authorization: `Bearer ${keys.editor}` },
    ]) {
      const res = await whoAmI(request('POST', headers));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { email: 'editor@example.com' }, id: 'x', link: 'http://localhost/x' });
    }
  });

  it('lets a viewer pull but not push, refuses a missing or wrong key, and answers every refusal as { success: false, error }', async () => {
    expect((await whoAmI(request('GET', { 'CONFIDENT-API-KEY': keys.viewer }))).status).toBe(200);
    const push = await whoAmI(request('POST', { 'CONFIDENT-API-KEY': keys.viewer }));
    expect(push.status).toBe(403);
    expect(await push.json()).toEqual({ success: false, error: expect.stringContaining('editor role') });
    const none = await whoAmI(request('POST', {}));
    expect(none.status).toBe(401);
    expect((await none.json()).error).toMatch(/CONFIDENT_API_KEY.*CONFIDENT_BASE_URL/);
    const wrong = await whoAmI(request('POST', { 'CONFIDENT-API-KEY': `${keys.editor}x` }));
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).success).toBe(false);
  });

  it('opens only the routes that take traces to an ingest-only key', async () => {
    expect((await whoAmI(request('POST', { 'CONFIDENT-API-KEY': keys.ingest }))).status).toBe(401);
    expect((await whoAmI(request('POST', { 'CONFIDENT-API-KEY': keys.ingest }), { keys: 'any-for-ingest' })).status).toBe(200);
  });

  it("translates a thrown error once, keeping its status and message, in deepeval's envelope", async () => {
    const res = await withDeepeval(request('POST', { 'CONFIDENT-API-KEY': keys.editor }), async () => {
      throw new AppError('BAD_INPUT', 'conversationalTestCases.3.turns.0.role: must be user or assistant', { field: 'conversationalTestCases.3.turns.0.role' });
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ success: false, error: 'conversationalTestCases.3.turns.0.role: must be user or assistant' });
  });

  it('answers a route of Confident AI it does not serve with a 404 that says what it serves', async () => {
    const res = await catchAll.GET(new Request('http://localhost/api/deepeval/v1/prompts/support/versions', { headers: { 'CONFIDENT-API-KEY': keys.editor } }));
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body.success).toBe(false);
    expect(body.error).toMatch(/does not serve GET \/v1\/prompts\/support\/versions.*\/v1\/test-run/);
  });
});
