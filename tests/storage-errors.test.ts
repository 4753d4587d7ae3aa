import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure } from '../lib/actions/action-result';
import { resetAuth } from '../lib/auth/auth';
import { createPasswordUser } from '../lib/auth/users';
import { createDbClient, disconnectDb, getDb } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { diskReservePath, ensureDiskReserve, releaseDiskReserve } from '../lib/db/disk-reserve';
import { purgeDataset } from '../lib/db/queries/datasets/purge-dataset';
import { saveDataset } from '../lib/imports/save-dataset';
import { errorResponse } from '../lib/http/errors';
import { readUploadAnswer } from '../lib/imports/upload-answer';
import { type FreshDatabase, migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { sqliteClientWith } from './helpers/limited-sqlite';

// What a user sees when the database cannot store anything: its disk full (507), or the file read-only (503).
const PASSWORD = 'correct horse battery';
const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH };
let database: FreshDatabase;
let routes: { importDataset: typeof import('../app/api/datasets/import/route'); auth: typeof import('../app/api/auth/[...all]/route') };

/** The app's client (getDb) from now on. */
async function useDb(db: Db): Promise<void> {
  await disconnectDb();
  (globalThis as { turnwiseDb?: Db }).turnwiseDb = db;
  resetAuth();
}

async function counts(db: Db) {
  const [datasets, conversations, turns] = await Promise.all([db.dataset.count(), db.conversation.count(), db.turn.count()]);
  return { datasets, conversations, turns };
}

const jsonl = (conversations: number, chars: number) =>
  Array.from({ length: conversations }, (_, i) =>
    JSON.stringify({ id: `c${i}`, turns: [{ role: 'user', content: `question ${i} ${'q'.repeat(chars)}` }, { role: 'assistant', content: `answer ${i} ${'a'.repeat(chars)}` }] }),
  ).join('\n');

const upload = (body: string, name = 'upload') =>
  routes.importDataset.POST(new Request(`http://localhost/api/datasets/import?${new URLSearchParams({ name, fileName: 'cases.jsonl' })}`, { method: 'POST', body }));

const signIn = () =>
  routes.auth.POST(
    new Request('http://localhost/api/auth/sign-in/email', {
      method: 'POST',
      // An address of its own: the per-IP sign-in limit lives in the module, which files of one worker share.
      headers: { 'content-type': 'application/json', origin: 'http://localhost', 'x-forwarded-for': '198.51.100.23' },
      body: JSON.stringify({ email: 'editor@example.com', password: PASSWORD }),
    }),
  );

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  delete process.env.TURNWISE_AUTH;
  resetAuth();
  await createPasswordUser(getDb(), { email: 'editor@example.com', name: 'editor', password: PASSWORD, role: 'editor' });
  routes = { importDataset: await import('../app/api/datasets/import/route'), auth: await import('../app/api/auth/[...all]/route') };
});
afterAll(async () => {
  await disconnectDb();
  resetAuth();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  await database?.drop();
});

describe('a full disk', () => {
  let full: Db;
  let cookie: string;
  beforeAll(async () => {
    const pages = Number((await getDb().$queryRawUnsafe<{ page_count: bigint }[]>('PRAGMA page_count'))[0].page_count);
    // Room for about 2.4 MB more (4 KB pages): the database is "full" there, whatever the real disk has.
    full = sqliteClientWith(database.url, [`PRAGMA max_page_count = ${pages + 600}`]);
    await useDb(full);
    const res = await signIn();
    expect(res.status).toBe(200);
    cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  });

  it('answers an import that fills it 507 "the disk is full" and keeps none of its rows', async () => {
    const before = await counts(full);
    const freePages = async () => Number((await full.$queryRawUnsafe<{ freelist_count: bigint }[]>('PRAGMA freelist_count'))[0].freelist_count);
    const freeBefore = await freePages();
    // Small conversations: the first transactions of the import fit and commit before the disk fills.
    const res = await routes.importDataset.POST(
      new Request(`http://localhost/api/datasets/import?name=big&fileName=cases.jsonl`, { method: 'POST', headers: { cookie }, body: jsonl(4000, 150) }),
    );
    expect(res.status).toBe(507);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/^The disk is full: nothing was stored/) });
    // The browser's import wizard shows the route's message.
    expect(readUploadAnswer(res.status, 'Insufficient Storage', body)).toMatchObject({ ok: false, message: expect.stringMatching(/disk is full/) });
    // Not hidden, not left for a sweep: gone (the pages they took are free again).
    expect(await counts(full)).toEqual(before);
    expect(await freePages()).toBeGreaterThan(freeBefore + 50);
    // The removed rows' space is free for the next import.
    const small = await routes.importDataset.POST(
      new Request(`http://localhost/api/datasets/import?name=small&fileName=cases.jsonl`, { method: 'POST', headers: { cookie }, body: jsonl(40, 4000) }),
    );
    expect(small.status, await small.clone().text()).toBe(201);
  });

  it('keeps a reserve beside a SQLite database and gives it back on demand', async () => {
    const file = await diskReservePath(full);
    expect(file).toMatch(/test\.db-reserve$/);
    expect(await ensureDiskReserve(full, 2 * 1024 * 1024)).toBe(true);
    expect(fs.statSync(file!).size).toBe(2 * 1024 * 1024);
    expect(await releaseDiskReserve(full)).toBe(true);
    expect(fs.existsSync(file!)).toBe(false);
    expect(await releaseDiskReserve(full)).toBe(false);
  });
});

describe('removing a failed import on a disk with no room left', () => {
  // A real "disk full" error: a client that may not grow the file at all.
  async function diskFullError(): Promise<unknown> {
    const noRoom = sqliteClientWith(database.url, ['PRAGMA max_page_count = 1']);
    const error = await noRoom.dataset.create({ data: { projectId: 'default', name: 'x'.repeat(8 * 1024 * 1024), sourceFormat: 'jsonl' } }).catch((e: unknown) => e);
    await noRoom.$disconnect();
    return error;
  }
  /** The client, whose first `failures` deletes find the disk full (as SQLite's WAL does when nothing is free). */
  const fullAtFirst = (db: Db, error: unknown, failures: number): Db =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === '$transaction' && failures-- > 0) return () => Promise.reject(error);
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  it('gives the reserve back, removes the rows, and makes the reserve again', async () => {
    const error = await diskFullError();
    expect(errorResponse(error).status).toBe(507);
    const db = createDbClient(database.url);
    const saved = process.env.TURNWISE_DISK_RESERVE_MB;
    process.env.TURNWISE_DISK_RESERVE_MB = '1';
    try {
      const before = await counts(db);
      const { id } = await saveDataset(db, { projectId: 'default', name: 'half', sourceFormat: 'jsonl', conversations: [{ turns: [{ role: 'user', content: 'hello' }] }] });
      expect(await ensureDiskReserve(db)).toBe(true);
      const reserve = (await diskReservePath(db))!;
      await purgeDataset(fullAtFirst(db, error, 1), id);
      expect(await counts(db)).toEqual(before);
      expect(fs.statSync(reserve).size).toBe(1024 * 1024);
      // With no reserve to give back, the error stands (the sweep retries later).
      const second = await saveDataset(db, { projectId: 'default', name: 'half', sourceFormat: 'jsonl', conversations: [{ turns: [{ role: 'user', content: 'hello' }] }] });
      await releaseDiskReserve(db);
      await expect(purgeDataset(fullAtFirst(db, error, 1), second.id)).rejects.toBe(error);
      await purgeDataset(db, second.id);
    } finally {
      if (saved === undefined) delete process.env.TURNWISE_DISK_RESERVE_MB;
      else process.env.TURNWISE_DISK_RESERVE_MB = saved;
      await db.$disconnect();
    }
  });
});

describe('a read-only database', () => {
  let readOnly: Db;
  let thrown: unknown;
  beforeAll(async () => {
    readOnly = sqliteClientWith(database.url, ['PRAGMA query_only = ON']);
    await useDb(readOnly);
    thrown = await readOnly.dataset.create({ data: { projectId: 'default', name: 'x', sourceFormat: 'jsonl' } }).catch((error: unknown) => error);
  });

  it('answers a write 503 with the reason, on an API route and in an action result', async () => {
    const res = errorResponse(thrown);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual({ code: 'READ_ONLY', message: expect.stringMatching(/^The database is read-only: attempt to write a readonly database\./) });
    expect(failure(thrown)).toEqual({ ok: false, message: expect.stringMatching(/^The database is read-only: attempt to write a readonly database\./) });
  });

  it('answers an import 503 with the reason', async () => {
    process.env.TURNWISE_AUTH = 'off';
    try {
      const res = await upload(jsonl(2, 10));
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toMatch(/^The database is read-only: /);
    } finally {
      delete process.env.TURNWISE_AUTH;
    }
  });

  it('answers sign-in 503 with the reason, in the shape the sign-in form reads', async () => {
    const res = await signIn();
    expect(res.status).toBe(503);
    const body = await res.json();
    expect(body.message).toMatch(/^The database is read-only: attempt to write a readonly database/);
    expect(body.error.code).toBe('READ_ONLY');
  });
});

describe.runIf(TEST_POSTGRES_URL)('a read-only PostgreSQL database', () => {
  it('answers a write 503 with the server\'s reason', async () => {
    const pg = await migratedDatabase('postgres');
    try {
      const setup = createDbClient(pg.url);
      await setup.$executeRawUnsafe(`ALTER DATABASE "${new URL(pg.url).pathname.slice(1)}" SET default_transaction_read_only = on`);
      await setup.$disconnect();
      const readOnly = createDbClient(pg.url);
      const error = await readOnly.dataset.create({ data: { projectId: 'default', name: 'x', sourceFormat: 'jsonl' } }).catch((e: unknown) => e);
      await readOnly.$disconnect();
      const res = errorResponse(error);
      expect(res.status).toBe(503);
      expect((await res.json()).error.message).toMatch(/^The database is read-only: cannot execute INSERT in a read-only transaction/);
    } finally {
      await pg.drop();
    }
  });
});
