import { MAX_ATTRIBUTE_CHARS, MAX_ATTRIBUTE_ITEMS, MAX_RECORD_ATTRIBUTES, MAX_SPAN_EVENTS, noCuts, type CutCounts } from './limits';
import type { DecodedExport } from './otlp-codec';

export type AttrValue = string | number | boolean | null | AttrValue[] | { [key: string]: AttrValue };
export type Attributes = Record<string, AttrValue>;

/** A span event (Traceloop's vector-DB spans put each query result in a `db.query.result` event). */
export interface NormalEvent {
  name: string;
  attributes: Attributes;
}

export interface NormalSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | null;
  name: string;
  /** Start in milliseconds since the epoch. */
  startMs: number;
  attributes: Attributes;
  resource: Attributes;
  events: NormalEvent[];
}

export interface NormalLog {
  traceId: string;
  spanId: string;
  eventName: string | null;
  timeMs: number;
  body: AttrValue;
  attributes: Attributes;
  resource: Attributes;
}

/** What one batch held: the records kept, how many were rejected and why (the first reason), and what the bounds cut. */
export interface Normalized<T> {
  records: T[];
  rejected: number;
  firstError: string | null;
  cut: CutCounts;
}

const HEX_TRACE = /^[0-9a-f]{32}$/;
const HEX_SPAN = /^[0-9a-f]{16}$/;

type Obj = Record<string, unknown>;
const asObj = (value: unknown): Obj => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {});
const asArr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An id as lower-case hex, '' when absent or all zeros (no context), null when malformed. */
function idOf(value: unknown, ids: DecodedExport['ids'], pattern: RegExp): string | null {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value !== 'string' || value.length > 64) return null;
  const hex = ids === 'hex' ? value.toLowerCase() : Buffer.from(value, 'base64').toString('hex');
  if (hex === '') return '';
  if (!pattern.test(hex)) return null;
  return /^0+$/.test(hex) ? '' : hex;
}

/** One AnyValue, cut to the bounds (counted in `cut`). */
function anyValue(value: unknown, cut: CutCounts, depth = 0): AttrValue {
  const v = asObj(value);
  if (depth > 16) return null;
  if (typeof v.stringValue === 'string') {
    if (v.stringValue.length <= MAX_ATTRIBUTE_CHARS) return v.stringValue;
    cut.values += 1;
    return v.stringValue.slice(0, MAX_ATTRIBUTE_CHARS);
  }
  if (typeof v.boolValue === 'boolean') return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return Number(v.doubleValue);
  if (v.arrayValue !== undefined) {
    const items = asArr(asObj(v.arrayValue).values);
    if (items.length > MAX_ATTRIBUTE_ITEMS) cut.lists += 1;
    return items.slice(0, MAX_ATTRIBUTE_ITEMS).map((item) => anyValue(item, cut, depth + 1));
  }
  if (v.kvlistValue !== undefined) {
    const entries = asArr(asObj(v.kvlistValue).values);
    if (entries.length > MAX_ATTRIBUTE_ITEMS) cut.lists += 1;
    return attributesOf(entries.slice(0, MAX_ATTRIBUTE_ITEMS), cut, depth + 1);
  }
  return null;
}

/** A record's attributes, the first MAX_RECORD_ATTRIBUTES of them (the rest counted as dropped). */
function attributesOf(list: unknown, cut: CutCounts, depth = 0): Attributes {
  const out: Attributes = {};
  const items = asArr(list);
  if (depth === 0 && items.length > MAX_RECORD_ATTRIBUTES) cut.attributes += items.length - MAX_RECORD_ATTRIBUTES;
  for (const item of depth === 0 ? items.slice(0, MAX_RECORD_ATTRIBUTES) : items) {
    const kv = asObj(item);
    if (typeof kv.key === 'string') out[kv.key] = anyValue(kv.value, cut, depth);
  }
  return out;
}

/** A span's events, the first MAX_SPAN_EVENTS of them. */
function eventsOf(list: unknown, cut: CutCounts): NormalEvent[] {
  const items = asArr(list);
  if (items.length > MAX_SPAN_EVENTS) cut.events += items.length - MAX_SPAN_EVENTS;
  return items.slice(0, MAX_SPAN_EVENTS).map((raw) => {
    const event = asObj(raw);
    return { name: typeof event.name === 'string' ? event.name.slice(0, 200) : '', attributes: attributesOf(event.attributes, cut) };
  });
}

const msOf = (nanos: unknown): number => {
  const n = Number(nanos ?? 0);
  return Number.isFinite(n) ? Math.floor(n / 1e6) : 0;
};

/** The spans of an export request; a span with a malformed or missing id is rejected. */
export function normalizeSpans(decoded: DecodedExport): Normalized<NormalSpan> {
  const out: Normalized<NormalSpan> = { records: [], rejected: 0, firstError: null, cut: noCuts() };
  for (const rs of asArr(decoded.request.resourceSpans)) {
    const resource = attributesOf(asObj(asObj(rs).resource).attributes, out.cut);
    for (const ss of asArr(asObj(rs).scopeSpans)) {
      for (const [i, raw] of asArr(asObj(ss).spans).entries()) {
        const span = asObj(raw);
        const traceId = idOf(span.traceId, decoded.ids, HEX_TRACE);
        const spanId = idOf(span.spanId, decoded.ids, HEX_SPAN);
        const parent = idOf(span.parentSpanId, decoded.ids, HEX_SPAN);
        if (!traceId || !spanId || parent === null) {
          out.rejected += 1;
          out.firstError ??= `span ${i}: ${!traceId ? 'traceId' : !spanId ? 'spanId' : 'parentSpanId'} is not a valid ${!traceId ? '16' : '8'}-byte id`;
          continue;
        }
        out.records.push({
          traceId,
          spanId,
          parentSpanId: parent || null,
          name: typeof span.name === 'string' ? span.name.slice(0, 500) : '',
          startMs: msOf(span.startTimeUnixNano),
          attributes: attributesOf(span.attributes, out.cut),
          resource,
          events: eventsOf(span.events, out.cut),
        });
      }
    }
  }
  return out;
}

/** The log records of an export request tied to a span; a malformed id is rejected, none is skipped. */
export function normalizeLogs(decoded: DecodedExport): Normalized<NormalLog> {
  const out: Normalized<NormalLog> = { records: [], rejected: 0, firstError: null, cut: noCuts() };
  for (const rl of asArr(decoded.request.resourceLogs)) {
    const resource = attributesOf(asObj(asObj(rl).resource).attributes, out.cut);
    for (const sl of asArr(asObj(rl).scopeLogs)) {
      for (const [i, raw] of asArr(asObj(sl).logRecords).entries()) {
        const log = asObj(raw);
        const traceId = idOf(log.traceId, decoded.ids, HEX_TRACE);
        const spanId = idOf(log.spanId, decoded.ids, HEX_SPAN);
        if (traceId === null || spanId === null) {
          out.rejected += 1;
          out.firstError ??= `log record ${i}: ${traceId === null ? 'traceId' : 'spanId'} is not a valid id`;
          continue;
        }
        if (!traceId || !spanId) continue;
        const attributes = attributesOf(log.attributes, out.cut);
        const eventName = typeof log.eventName === 'string' && log.eventName ? log.eventName : typeof attributes['event.name'] === 'string' ? attributes['event.name'] : null;
        out.records.push({ traceId, spanId, eventName, timeMs: msOf(log.timeUnixNano ?? log.observedTimeUnixNano), body: anyValue(log.body, out.cut), attributes, resource });
      }
    }
  }
  return out;
}
