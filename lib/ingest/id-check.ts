import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Encoding, Signal } from './otlp-codec';
import { MAX_ATTRIBUTE_CHARS, MAX_ATTRIBUTE_ITEMS, MAX_INFLATED_BYTES, MAX_RECORD_ATTRIBUTES, MAX_SPAN_EVENTS, type CutCounts } from './limits';

/** What the receiver learns of a body before storing it. */
export type IdCheck =
  /** Decoded: how many records it holds, how many carry a malformed id, the first reason, and what the bounds will cut of the others. */
  | { kind: 'checked'; records: number; rejected: number; firstError: string | null; cut: CutCounts }
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
 * 8 bytes; a log record's ids may be absent (or all zeros), never malformed. It also counts what
 * lib/ingest/normalize.ts will cut of the records it keeps (values, lists, attributes and events
 * past the bounds of lib/ingest/limits.ts). tests/otlp-receiver.test.ts checks that the counts
 * answered here are the ingest worker's.
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
const B = workerData.bounds;
// As normalize.ts: a long string is cut, a long list or map cut, attributes and events past the count dropped.
function tallyValue(v, cut, depth) {
  if (!v || typeof v !== 'object' || depth > 16) return;
  if (typeof v.stringValue === 'string') { if (v.stringValue.length > B.chars) cut.values += 1; return; }
  if (typeof v.boolValue === 'boolean') return;
  if (v.intValue !== undefined && v.intValue !== null) return;
  if (v.doubleValue !== undefined && v.doubleValue !== null) return;
  const list = v.arrayValue ? arr(v.arrayValue.values) : null;
  if (list) { if (list.length > B.items) cut.lists += 1; for (const item of list.slice(0, B.items)) tallyValue(item, cut, depth + 1); return; }
  const map = v.kvlistValue ? arr(v.kvlistValue.values) : null;
  if (map) { if (map.length > B.items) cut.lists += 1; tallyAttributes(map.slice(0, B.items), cut, depth + 1); }
}
function tallyAttributes(list, cut, depth) {
  let items = arr(list);
  if (depth === 0 && items.length > B.attributes) { cut.attributes += items.length - B.attributes; items = items.slice(0, B.attributes); }
  for (const kv of items) if (kv && typeof kv.key === 'string') tallyValue(kv.value, cut, depth);
}
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
  const cut = { values: 0, lists: 0, attributes: 0, events: 0 };
  if (signal === 'traces') {
    for (const rs of arr(request.resourceSpans)) {
      tallyAttributes(rs && rs.resource && rs.resource.attributes, cut, 0);
      for (const ss of arr(rs && rs.scopeSpans)) for (const [i, span] of arr(ss && ss.spans).entries()) {
        records += 1;
        const s = span || {};
        const t = idState(s.traceId, 16), sp = idState(s.spanId, 8), p = idState(s.parentSpanId, 8);
        if (t !== 'ok' || sp !== 'ok' || p === 'bad') {
          rejected += 1;
          if (firstError === null) firstError = 'span ' + i + ': ' + (t !== 'ok' ? 'traceId is not a valid 16-byte id' : sp !== 'ok' ? 'spanId is not a valid 8-byte id' : 'parentSpanId is not a valid 8-byte id');
          continue;
        }
        tallyAttributes(s.attributes, cut, 0);
        const events = arr(s.events);
        if (events.length > B.events) cut.events += events.length - B.events;
        for (const e of events.slice(0, B.events)) tallyAttributes(e && e.attributes, cut, 0);
      }
    }
  } else {
    for (const rl of arr(request.resourceLogs)) {
      tallyAttributes(rl && rl.resource && rl.resource.attributes, cut, 0);
      for (const sl of arr(rl && rl.scopeLogs)) for (const [i, log] of arr(sl && sl.logRecords).entries()) {
        records += 1;
        const l = log || {};
        const t = idState(l.traceId, 16), sp = idState(l.spanId, 8);
        if (t === 'bad' || sp === 'bad') { // all zeros is no context, as absent
          rejected += 1;
          if (firstError === null) firstError = 'log record ' + i + ': ' + (t === 'bad' ? 'traceId' : 'spanId') + ' is not a valid id';
          continue;
        }
        // A record tied to no span is skipped by the worker, uncut.
        if (t !== 'ok' || sp !== 'ok') continue;
        tallyAttributes(l.attributes, cut, 0);
        tallyValue(l.body, cut, 0);
      }
    }
  }
  return { kind: 'checked', records, rejected, firstError, cut };
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
  const worker = new Worker(SOURCE, { eval: true, workerData: { searchFrom, maxInflated: MAX_INFLATED_BYTES, nice: Math.min(19, os.getPriority() + CHECK_THREAD_NICE), bounds: { chars: MAX_ATTRIBUTE_CHARS, items: MAX_ATTRIBUTE_ITEMS, attributes: MAX_RECORD_ATTRIBUTES, events: MAX_SPAN_EVENTS } } });
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
