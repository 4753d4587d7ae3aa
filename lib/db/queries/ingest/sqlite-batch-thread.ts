import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { SQLITE_BUSY_TIMEOUT_MS } from '../../sqlite-adapter';

/** One received body as the thread inserts it: the id and time are made by the caller. */
export interface ThreadBatch {
  id: string;
  projectId: string;
  signal: string;
  encoding: string;
  gzip: boolean;
  body: Uint8Array;
  /** As Prisma's SQLite adapter writes a DateTime: ISO text ending in +00:00. */
  receivedAt: string;
}

/*
 * The thread's code, CommonJS run with `eval` for the reason lib/ingest/id-check.ts gives (Next.js
 * keeps no worker file at a path we could name). It opens its own libsql connection to the file
 * and inserts the OtlpBatch rows as Prisma would (booleans 0/1, dates as ISO text), the bodies
 * queued meanwhile in one write transaction. libsql waits for SQLite's write lock synchronously:
 * here that wait stops this thread, not the web server's event loop. After a failed write the
 * connection is closed and the next bodies open a new one.
 */
const SOURCE = String.raw`
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const { createRequire } = require('node:module');
const path = require('node:path');
let Database = null;
let loadError = 'libsql not found from ' + workerData.searchFrom.join(', ');
for (const from of workerData.searchFrom) {
  try { Database = createRequire(path.join(from, 'index.js'))('libsql'); break; } catch (e) { loadError = e.message; }
}
let db = null;
let insert = null;
function open() {
  if (db) return;
  if (!Database) throw Object.assign(new Error(loadError), { code: 'THREAD_UNAVAILABLE' });
  db = new Database(workerData.file);
  db.exec('PRAGMA busy_timeout = ' + workerData.busyTimeoutMs);
  insert = db.prepare('INSERT INTO "OtlpBatch" ("id", "projectId", "signal", "encoding", "gzip", "body", "byteSize", "receivedAt", "attempts") VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)');
}
function store(jobs) {
  open();
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const j of jobs) insert.run(j.id, j.projectId, j.signal, j.encoding, j.gzip ? 1 : 0, Buffer.from(j.body.buffer, j.body.byteOffset, j.body.byteLength), j.body.byteLength, j.receivedAt);
    db.exec('COMMIT');
  } catch (e) {
    try { db.exec('ROLLBACK'); } catch {}
    // Opened again for the next bodies: a file SQLite could not write is open read-only, and would stay so once it can.
    try { db.close(); } catch {}
    db = null;
    throw e;
  }
}
parentPort.on('message', (first) => {
  const jobs = [first];
  for (let next; (next = receiveMessageOnPort(parentPort)); ) jobs.push(next.message);
  let error = null;
  try { store(jobs); } catch (e) { error = { message: String(e.message), code: e.code, rawCode: e.rawCode }; }
  for (const j of jobs) parentPort.postMessage({ id: j.id, error });
});
`;

interface Writer {
  worker: Worker;
  pending: Map<string, { resolve: () => void; reject: (error: Error) => void }>;
}

const globalForWriters = globalThis as unknown as { turnwiseBatchWriters?: Map<string, Writer> };

/** The error as the driver gave it, so that lib/db's error mapping (busy, disk full, read-only) reads it. */
function errorOf(thrown: { message: string; code?: unknown; rawCode?: unknown }): Error {
  return Object.assign(new Error(thrown.message), { code: thrown.code, rawCode: thrown.rawCode });
}

function writerFor(file: string, busyTimeoutMs: number): Writer {
  const writers = (globalForWriters.turnwiseBatchWriters ??= new Map());
  const key = `${busyTimeoutMs}:${file}`;
  const existing = writers.get(key);
  if (existing) return existing;
  const searchFrom = [process.cwd(), ...(process.argv[1] ? [path.dirname(process.argv[1])] : [])];
  const worker = new Worker(SOURCE, { eval: true, workerData: { searchFrom, file, busyTimeoutMs } });
  // The thread never keeps the process alive (a test, a CLI); an unanswered request stored nothing it acknowledged.
  worker.unref();
  const state: Writer = { worker, pending: new Map() };
  worker.on('message', ({ id, error }: { id: string; error: { message: string; code?: unknown; rawCode?: unknown } | null }) => {
    const waiting = state.pending.get(id);
    state.pending.delete(id);
    if (!waiting) return;
    if (error) waiting.reject(errorOf(error));
    else waiting.resolve();
  });
  const fail = (reason: string) => {
    if (writers.get(key) === state) writers.delete(key);
    for (const { reject } of state.pending.values()) reject(new Error(`the batch writer thread stopped (${reason}); the batch may not be stored`));
    state.pending.clear();
  };
  worker.on('error', (error) => fail(error.message));
  worker.on('exit', (code) => fail(`exit code ${code}`));
  writers.set(key, state);
  return state;
}

/**
 * Inserts one OtlpBatch row into the SQLite file `file` on a worker thread with its own
 * connection, resolving once it is committed. Bodies arriving while the thread waits for the
 * write lock (up to `busyTimeoutMs`) are committed together. Rejects with the driver's error
 * (code THREAD_UNAVAILABLE when libsql cannot be loaded there).
 */
export function storeBatchOnThread(file: string, batch: ThreadBatch, busyTimeoutMs: number = SQLITE_BUSY_TIMEOUT_MS): Promise<void> {
  const state = writerFor(file, busyTimeoutMs);
  return new Promise((resolve, reject) => {
    state.pending.set(batch.id, { resolve, reject });
    state.worker.postMessage(batch);
  });
}

/** Stops the writer threads (tests that remove their database file). */
export async function stopBatchThreads(): Promise<void> {
  const writers = globalForWriters.turnwiseBatchWriters;
  if (!writers) return;
  const all = [...writers.values()];
  writers.clear();
  await Promise.all(all.map((w) => w.worker.terminate()));
}
