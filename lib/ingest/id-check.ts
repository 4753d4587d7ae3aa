import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Encoding, Signal } from './otlp-codec';
import { MAX_INFLATED_BYTES } from './limits';

/** What the receiver learns of a body before storing it. */
export type IdCheck =
  /** Decoded: how many records it holds, how many carry a malformed id, and the first reason. */
  | { kind: 'checked'; records: number; rejected: number; firstError: string | null }
  /** Not decodable (bad gzip, protobuf or JSON): refused with this reason. */
  | { kind: 'undecodable'; message: string }
  /** Inflates past MAX_INFLATED_BYTES. */
  | { kind: 'too-large'; message: string }
  /** The checker could not run (its thread failed to start or died): the body is stored unchecked. */
  | { kind: 'unchecked'; reason: string };

/** How far below the web server's event loop the checking thread runs. */
const CHECK_THREAD_NICE = 10;

/** Checks waiting for the thread beyond which a request is answered 503 (the thread is behind). */
export const MAX_CHECKS_IN_FLIGHT = 32;

/*
 * The thread's code, CommonJS run with `eval`: the route is bundled by Next.js, whose output does
 * not keep a worker file at a path we could name, and a pool library (piscina, tinypool) loads its
 * task from such a file. It decodes with the same generated official codec as the ingest worker
 * (lib/ingest/otlp-codec.ts) and applies the id rules of lib/ingest/normalize.ts: a span needs a
 * 16-byte trace id and an 8-byte span id, neither all zeros, and a parent id that is absent or
 * 8 bytes; a log record's ids may be absent (or all zeros), never malformed. tests/otlp-receiver.test.ts checks
 * that the count answered here is the count the ingest worker rejects.
 */
const SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
// Below the event loop's CPU priority (Linux sets it per thread): while the machine is busy, pages go first and receiving waits a little.
try { require('node:os').setPriority(workerData.nice); } catch {}
const { gunzipSync } = require('node:zlib');
const { createRequire } = require('node:module');
const path = require('node:path');
let root = null;
let loadError = 'otlp-proto-codec not found from ' + workerData.searchFrom.join(', ');
for (const from of workerData.searchFrom) {
  try { root = createRequire(path.join(from, 'index.js'))('otlp-proto-codec/build/src/generated/root.js'); break; } catch (e) { loadError = e.message; }
}
const HEX = /^[0-9a-f]*$/;
const ZERO = /^0*$/;
// An id: 'absent', 'zero' (all zeros: no context), 'ok' or 'bad'. Protobuf gives bytes, OTLP/JSON hex text.
function idState(value, bytes) {
  if (value === undefined || value === null || value === '') return 'absent';
  let hex;
  if (typeof value === 'string') hex = value.length <= 64 && HEX.test(value.toLowerCase()) ? value.toLowerCase() : null;
  else if (value instanceof Uint8Array) hex = Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  else hex = null;
  if (hex === '') return 'absent';
  if (hex === null || hex.length !== bytes * 2) return 'bad';
  return ZERO.test(hex) ? 'zero' : 'ok';
}
const arr = (v) => (Array.isArray(v) ? v : []);
function check(signal, encoding, gzip, body) {
  let bytes = body;
  if (gzip) {
    try { bytes = gunzipSync(body, { maxOutputLength: workerData.maxInflated }); }
    catch (e) {
      if (e.code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large', message: 'The gzip body inflates past ' + workerData.maxInflated + ' bytes' };
      return { kind: 'undecodable', message: 'gzip body: ' + e.message };
    }
  }
  let request;
  if (encoding === 'json') {
    try { request = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')); }
    catch (e) { return { kind: 'undecodable', message: 'OTLP/JSON body: ' + e.message }; }
    if (!request || typeof request !== 'object' || Array.isArray(request)) return { kind: 'undecodable', message: 'OTLP/JSON body: not an object' };
  } else {
    if (!root) return { kind: 'unchecked', reason: loadError };
    const v1 = signal === 'traces' ? root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest : root.opentelemetry.proto.collector.logs.v1.ExportLogsServiceRequest;
    try { request = v1.decode(bytes); }
    catch (e) { return { kind: 'undecodable', message: 'OTLP protobuf body: ' + e.message }; }
  }
  let records = 0, rejected = 0, firstError = null;
  if (signal === 'traces') {
    for (const rs of arr(request.resourceSpans)) for (const ss of arr(rs && rs.scopeSpans)) for (const [i, span] of arr(ss && ss.spans).entries()) {
      records += 1;
      const s = span || {};
      const t = idState(s.traceId, 16), sp = idState(s.spanId, 8), p = idState(s.parentSpanId, 8);
      if (t !== 'ok' || sp !== 'ok' || p === 'bad') {
        rejected += 1;
        if (firstError === null) firstError = 'span ' + i + ': ' + (t !== 'ok' ? 'traceId is not a valid 16-byte id' : sp !== 'ok' ? 'spanId is not a valid 8-byte id' : 'parentSpanId is not a valid 8-byte id');
      }
    }
  } else {
    for (const rl of arr(request.resourceLogs)) for (const sl of arr(rl && rl.scopeLogs)) for (const [i, log] of arr(sl && sl.logRecords).entries()) {
      records += 1;
      const l = log || {};
      const t = idState(l.traceId, 16), sp = idState(l.spanId, 8);
      if (t === 'bad' || sp === 'bad') { // all zeros is no context, as absent
        rejected += 1;
        if (firstError === null) firstError = 'log record ' + i + ': ' + (t === 'bad' ? 'traceId' : 'spanId') + ' is not a valid id';
      }
    }
  }
  return { kind: 'checked', records, rejected, firstError };
}
parentPort.on('message', ({ id, signal, encoding, gzip, body }) => {
  let result;
  try { result = check(signal, encoding, gzip, body); } catch (e) { result = { kind: 'unchecked', reason: e.message }; }
  parentPort.postMessage({ id, result });
});
`;

interface Checker {
  worker: Worker;
  pending: Map<number, (result: IdCheck) => void>;
  next: number;
}

const globalForCheck = globalThis as unknown as { turnwiseIdChecker?: Checker };

function checker(): Checker {
  const existing = globalForCheck.turnwiseIdChecker;
  if (existing) return existing;
  const searchFrom = [process.cwd(), ...(process.argv[1] ? [path.dirname(process.argv[1])] : [])];
  const worker = new Worker(SOURCE, { eval: true, workerData: { searchFrom, maxInflated: MAX_INFLATED_BYTES, nice: Math.min(19, os.getPriority() + CHECK_THREAD_NICE) } });
  // The thread never keeps the process alive (a test, a CLI).
  worker.unref();
  const state: Checker = { worker, pending: new Map(), next: 0 };
  worker.on('message', ({ id, result }: { id: number; result: IdCheck }) => {
    state.pending.get(id)?.(result);
    state.pending.delete(id);
  });
  const fail = (reason: string) => {
    if (globalForCheck.turnwiseIdChecker === state) globalForCheck.turnwiseIdChecker = undefined;
    for (const resolve of state.pending.values()) resolve({ kind: 'unchecked', reason });
    state.pending.clear();
  };
  worker.on('error', (error) => fail(`the id check thread failed: ${error.message}`));
  worker.on('exit', (code) => fail(`the id check thread exited (${code})`));
  globalForCheck.turnwiseIdChecker = state;
  return state;
}

/** Checks waiting now. */
export const checksInFlight = (): number => globalForCheck.turnwiseIdChecker?.pending.size ?? 0;

/**
 * Decodes a body on a worker thread (never on the web event loop) and counts the records whose
 * ids are malformed. The body is copied to the thread; the caller keeps its own.
 */
export function checkIds(signal: Signal, encoding: Encoding, gzip: boolean, body: Uint8Array): Promise<IdCheck> {
  const state = checker();
  const id = state.next++;
  return new Promise((resolve) => {
    state.pending.set(id, resolve);
    state.worker.postMessage({ id, signal, encoding, gzip, body });
  });
}
