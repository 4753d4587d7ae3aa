import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { stopBatchThreads } from '../lib/db/queries/ingest/sqlite-batch-thread';
import { storeReceivedBatch } from '../lib/db/queries/ingest/store-received-batch';
import { loadDatasetConversations } from '../lib/datasets/page/load-dataset-conversations';
import { loadDatasetList } from '../lib/datasets/page/load-dataset-list';
import { loadDatasetPage } from '../lib/datasets/page/load-dataset-page';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';

// On SQLite the ingest worker, in its own process, holds the write lock while it writes conversations.
let database: FreshDatabase;
const saved = process.env.DATABASE_URL;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
});

afterAll(async () => {
  await stopBatchThreads();
  await disconnectDb();
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  await database.drop();
});

const turn = (n: number) =>
  Buffer.from(JSON.stringify(spanExport('lock-bot', [{ traceId: n.toString(16).padStart(32, '0'), spanId: n.toString(16).padStart(16, '0'), start: 1_000 * n, attributes: genAiChatAttributes('c-1', `Question ${n}`, `Answer ${n}`) }])));

/** Another process holding SQLite's write lock until it reads a line (or, so that a blocked test ends, for 15 s). */
async function holdWriteLock(file: string) {
  const source = `const db = new (require('libsql'))(${JSON.stringify(file)}); db.exec('BEGIN IMMEDIATE'); console.log('held');
const end = () => { db.exec('ROLLBACK'); process.exit(0); }; process.stdin.once('data', end); setTimeout(end, 15000);`;
  const child = spawn(process.execPath, ['-e', source], { cwd: process.cwd(), stdio: ['pipe', 'pipe', 'inherit'] });
  await once(child.stdout, 'data');
  return { release: async () => { child.stdin.end('release\n'); await once(child, 'exit'); } };
}

it('a received body waiting for the write lock does not stop the pages; it is acknowledged only once stored', async () => {
  const db = getDb();
  await storeReceivedBatch(db, 'default', { signal: 'traces', encoding: 'json', gzip: false, body: turn(1) });
  expect(await processPendingBatches(db, { env: {} })).toBe(1);
  const { datasetId } = await db.liveDataset.findFirstOrThrow({ select: { datasetId: true } });

  const lock = await holdWriteLock(fileURLToPath(database.url));
  let acknowledged = false;
  const stored = storeReceivedBatch(db, 'default', { signal: 'traces', encoding: 'json', gzip: false, body: turn(2) }).then(() => (acknowledged = true));
  // The datasets list and the live dataset's page read while the body waits.
  expect((await loadDatasetList('default')).map((d) => d.id)).toContain(datasetId);
  expect((await loadDatasetPage('default', datasetId)).conversationCount).toBe(1);
  expect((await loadDatasetConversations('default', datasetId, { page: 1, size: 50, skip: 0, take: 50 }, { q: '', sort: 'position', dir: 'asc' })).total).toBe(1);
  expect(acknowledged).toBe(false);
  await lock.release();
  await stored;

  expect(await processPendingBatches(db, { env: {} })).toBe(1);
  const turns = await db.turn.findMany({ where: { conversation: { datasetId, externalId: 'c-1' } }, orderBy: { index: 'asc' }, select: { content: true } });
  expect(turns.map((t) => t.content)).toEqual(['Question 1', 'Answer 1', 'Question 2', 'Answer 2']);
});
