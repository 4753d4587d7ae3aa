import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../lib/auth/api-keys';
import { resetAuth } from '../lib/auth/auth';
import { createPasswordUser } from '../lib/auth/users';
import { createDbClient, disconnectDb, getDb } from '../lib/db/client';
import type { Db } from '../lib/db/db-types';
import { stopBatchThreads } from '../lib/db/queries/ingest/sqlite-batch-thread';
import { receiveBatch } from '../lib/ingest/receive-batch';
import { migratedDatabase, TEST_POSTGRES_URL, type FreshDatabase } from './db/databases';
import { postgresClientFailingInserts, sqliteClientFailingInserts } from './helpers/failing-databases';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { protobufStatus } from './helpers/rpc-status';
import { startTcpProxy } from './helpers/tcp-proxy';

/*
 * The OTLP receiver while its database blinks. OTLP/HTTP exporters retry 429, 502, 503 and 504
 * (honouring Retry-After) and drop a batch on any other 4xx or 5xx: every passing storage
 * condition must be a 503 with Retry-After (a backlog a 429), its body a google.rpc.Status in the
 * request's encoding, and nothing stored. Each condition is made for real where a test can
 * (PostgreSQL cut off through a proxy, read-only; SQLite's write lock held by another process);
 * where it cannot (a full disk, a server starting up) the driver fails with the database's own error.
 */

const body = (n: number) =>
  JSON.stringify(spanExport('blink-bot', [{ traceId: n.toString(16).padStart(32, '0'), spanId: n.toString(16).padStart(16, '0'), start: 1_000 * n, attributes: genAiChatAttributes('c-1', `Question ${n}`, `Answer ${n}`) }]));
const exportRequest = (encoding: 'json' | 'protobuf', n = 1, headers: Record<string, string> = {}) =>
  new Request('http://localhost/api/otel/v1/traces', {
    method: 'POST',
    // An empty protobuf export is a valid ExportTraceServiceRequest: the answer is what is tested.
    body: encoding === 'json' ? body(n) : new Uint8Array(),
    headers: { 'content-type': encoding === 'json' ? 'application/json' : 'application/x-protobuf', ...headers },
  });

/** The answer an exporter retries: 503, Retry-After in seconds, a Status in the request's encoding saying what. */
async function expectRetryable(res: Response, encoding: 'json' | 'protobuf', said: RegExp): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  if (encoding === 'json') {
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toMatchObject({ code: 14, message: expect.stringMatching(said) });
  } else {
    expect(res.headers.get('content-type')).toBe('application/x-protobuf');
    expect(await protobufStatus(res)).toEqual({ code: 14, message: expect.stringMatching(said) });
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

describe('OTLP receiver on SQLite', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await migratedDatabase('sqlite');
  });
  afterAll(async () => {
    await stopBatchThreads();
    await database.drop();
  });

  it('answers 503 with Retry-After while another process holds the write lock longer than TURNWISE_OTLP_LOCK_WAIT_MS, and stores the batch once it is free', async () => {
    const db = createDbClient(database.url);
    cleanups.push(() => db.$disconnect());
    // Another process holding SQLite's write lock (the ingest worker writing conversations, a long delete).
    const source = `const db = new (require('libsql'))(${JSON.stringify(fileURLToPath(database.url))}); db.exec('BEGIN IMMEDIATE'); console.log('held');
process.stdin.once('data', () => { db.exec('ROLLBACK'); process.exit(0); }); setTimeout(() => process.exit(0), 15000);`;
    const holder = spawn(process.execPath, ['-e', source], { stdio: ['pipe', 'pipe', 'inherit'] });
    await once(holder.stdout, 'data');
    const env = { TURNWISE_OTLP_LOCK_WAIT_MS: '300' };
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('json'), 'traces', env), 'json', /^The database is busy with other writes; nothing was stored/);
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('protobuf'), 'traces', env), 'protobuf', /^The database is busy/);
    holder.stdin.end('release\n');
    await once(holder, 'exit');
    expect(await db.otlpBatch.count()).toBe(0);
    // The exporter's retry is taken.
    expect((await receiveBatch(db, 'default', exportRequest('json'), 'traces', env)).status).toBe(200);
    expect(await db.otlpBatch.count()).toBe(1);
  });

  it.each([
    { condition: 'its disk full', failure: { code: 'SQLITE_FULL', rawCode: 13, message: 'database or disk is full' }, said: /^The database's disk is full; nothing was stored/ },
    { condition: 'a table locked', failure: { code: 'SQLITE_LOCKED', rawCode: 6, message: 'database table is locked' }, said: /^The database is busy/ },
    { condition: 'the file read-only', failure: { code: 'SQLITE_READONLY', rawCode: 8, message: 'attempt to write a readonly database' }, said: /^The database is read-only; nothing was stored/ },
    { condition: 'its writes refused (disk I/O error)', failure: { code: 'SQLITE_IOERR', rawCode: 778, message: 'disk I/O error' }, said: /^The database is read-only; nothing was stored/ },
  ])('answers 503 with Retry-After when SQLite finds $condition', async ({ failure, said }) => {
    const db = sqliteClientFailingInserts(database.url, 'OtlpBatch', failure);
    cleanups.push(() => db.$disconnect());
    const before = await db.otlpBatch.count();
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('json'), 'traces', {}), 'json', said);
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('protobuf'), 'traces', {}), 'protobuf', said);
    expect(await db.otlpBatch.count()).toBe(before);
  });

  it('answers a full backlog 429 with Retry-After and a Status body', async () => {
    const db = createDbClient(database.url);
    cleanups.push(() => db.$disconnect());
    expect((await receiveBatch(db, 'default', exportRequest('json', 7), 'traces', {})).status).toBe(200);
    const res = await receiveBatch(db, 'default', exportRequest('protobuf'), 'traces', { TURNWISE_OTLP_MAX_PENDING: '1' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await protobufStatus(res)).toEqual({ code: 8, message: expect.stringMatching(/batches are waiting to be processed/) });
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('OTLP receiver on PostgreSQL', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await migratedDatabase('postgres');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('answers 503 with Retry-After, through the route and its key check, while the server is cut off; takes the retry once it is back', async () => {
    const target = new URL(database.url);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    cleanups.push(() => proxy.close());
    const saved = { DATABASE_URL: process.env.DATABASE_URL, TURNWISE_AUTH: process.env.TURNWISE_AUTH, TURNWISE_API_KEY: process.env.TURNWISE_API_KEY };
    cleanups.push(async () => {
      await disconnectDb();
      resetAuth();
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });
    await disconnectDb();
    process.env.DATABASE_URL = proxy.urlThrough(database.url);
    delete process.env.TURNWISE_AUTH;
    delete process.env.TURNWISE_API_KEY;
    resetAuth();
    const route = await import('../app/api/otel/v1/traces/route');
    const editor = await createPasswordUser(getDb(), { email: 'exporter@example.com', name: 'exporter', password: 'correct horse battery', role: 'editor' });
    const { key } = await createApiKey(getDb(), 'default', editor.id, 'exporter', 'ingest');
    const auth = { authorization: `Bearer ${key}` };
    expect((await route.POST(exportRequest('json', 1, auth))).status).toBe(200);

    await proxy.cut();
    // The key's lookup is the first thing to meet the database.
    await expectRetryable(await route.POST(exportRequest('json', 2, auth)), 'json', /^The database cannot be reached; nothing was stored/);
    await expectRetryable(await route.POST(exportRequest('protobuf', 3, auth)), 'protobuf', /^The database cannot be reached/);
    await proxy.restore();
    expect((await route.POST(exportRequest('json', 2, auth))).status).toBe(200);
    expect(await getDb().otlpBatch.count()).toBe(2);
  });

  it('answers 503 with Retry-After while the database is read-only (a standby, a failover under way)', async () => {
    const name = decodeURIComponent(new URL(database.url).pathname.slice(1));
    const admin = async (sql: string) => {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(sql).finally(() => client.end());
    };
    await admin(`ALTER DATABASE "${name}" SET default_transaction_read_only = on`);
    cleanups.push(() => admin(`ALTER DATABASE "${name}" SET default_transaction_read_only = off`));
    // A new client: its sessions start read-only.
    const db = createDbClient(database.url);
    cleanups.push(() => db.$disconnect());
    const before = await db.otlpBatch.count();
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('json'), 'traces', {}), 'json', /^The database is read-only; nothing was stored/);
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('protobuf'), 'traces', {}), 'protobuf', /^The database is read-only/);
    expect(await db.otlpBatch.count()).toBe(before);
  });

  it.each([
    { condition: 'its disk full (53100)', failure: { code: '53100', message: 'could not extend file "base/16384/16385": No space left on device' }, said: /^The database's disk is full; nothing was stored/ },
    { condition: 'starting up (57P03)', failure: { code: '57P03', message: 'the database system is starting up' }, said: /^The database cannot be reached/ },
    { condition: 'shutting down for a restart (57P01)', failure: { code: '57P01', message: 'terminating connection due to administrator command' }, said: /^The database cannot be reached/ },
    { condition: 'out of connections (53300)', failure: { code: '53300', message: 'sorry, too many clients already' }, said: /^The database cannot be reached/ },
  ])('answers 503 with Retry-After when the server is $condition', async ({ failure, said }) => {
    const db: Db = postgresClientFailingInserts(database.url, 'OtlpBatch', failure);
    cleanups.push(() => db.$disconnect());
    const before = await db.otlpBatch.count();
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('json'), 'traces', {}), 'json', said);
    await expectRetryable(await receiveBatch(db, 'default', exportRequest('protobuf'), 'traces', {}), 'protobuf', said);
    expect(await db.otlpBatch.count()).toBe(before);
  });
});
