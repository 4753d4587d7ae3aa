/** Bytes a request body may carry as sent (compressed when gzip), counted while it arrives. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bytes a gzip body may inflate to before the worker refuses it. */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Stored batches not yet processed beyond which a request is answered 429 with Retry-After. */
export const DEFAULT_MAX_PENDING_BATCHES = 500;
export const RETRY_AFTER_S = 5;
/*
 * What one record of a batch may carry. A record over a bound is kept, cut (a long value, a long
 * list) or with its excess dropped (attributes, events past the count), and the answer to the
 * sender counts what was cut in partialSuccess.errorMessage (with rejectedSpans 0 when nothing
 * was rejected, as OTLP lets a server warn): a batch is never refused for it, since dropping a
 * whole batch for one long attribute would lose the good records beside it. The receiver's
 * checking thread (id-check.ts) counts by these same rules; tests/otlp-receiver.test.ts checks
 * that its counts are the ingest worker's.
 */
/** Characters of one attribute value (a string, or a string inside a list or map) kept: the rest is cut. */
export const MAX_ATTRIBUTE_CHARS = 100_000;
/** Items of one list (or entries of one map) attribute value kept. */
export const MAX_ATTRIBUTE_ITEMS = 1_000;
/** Attributes of one span, log record, event or resource kept (the OpenTelemetry SDK's default is 128). */
export const MAX_RECORD_ATTRIBUTES = 1_000;
/** Events of one span kept (the SDK's default). */
export const MAX_SPAN_EVENTS = 128;
/** Labels (a model version…) kept of one LLM call. */
export const MAX_LABELS = 50;
/** Characters of one message kept: text from outside is cut before anything parses it. */
export const MAX_TEXT_CHARS = MAX_ATTRIBUTE_CHARS;

/** What one batch's bounds cut or dropped. */
export interface CutCounts {
  /** String values cut to MAX_ATTRIBUTE_CHARS. */
  values: number;
  /** List or map values cut to MAX_ATTRIBUTE_ITEMS. */
  lists: number;
  /** Attributes dropped past MAX_RECORD_ATTRIBUTES. */
  attributes: number;
  /** Span events dropped past MAX_SPAN_EVENTS. */
  events: number;
}

export const noCuts = (): CutCounts => ({ values: 0, lists: 0, attributes: 0, events: 0 });

/** The warning for the sender, or null when nothing was cut. */
export function cutWarning(cut: CutCounts): string | null {
  const n = (x: number) => x.toLocaleString('en-US');
  const parts = [
    cut.values ? `${n(cut.values)} attribute value(s) cut to ${n(MAX_ATTRIBUTE_CHARS)} characters` : '',
    cut.lists ? `${n(cut.lists)} list or map value(s) cut to ${n(MAX_ATTRIBUTE_ITEMS)} items` : '',
    cut.attributes ? `${n(cut.attributes)} attribute(s) past ${n(MAX_RECORD_ATTRIBUTES)} on one record dropped` : '',
    cut.events ? `${n(cut.events)} span event(s) past ${n(MAX_SPAN_EVENTS)} on one span dropped` : '',
  ].filter(Boolean);
  return parts.length ? `kept with cuts: ${parts.join('; ')}` : null;
}

/** TURNWISE_OTLP_MAX_PENDING, else the default. */
export function maxPendingBatches(env: Record<string, string | undefined>): number {
  const n = Number(env.TURNWISE_OTLP_MAX_PENDING);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_PENDING_BATCHES;
}

/** How long a received body waits for SQLite's write lock before the receiver answers 503 with Retry-After (below an exporter's 10 s timeout). */
export const DEFAULT_LOCK_WAIT_MS = 5_000;

/** TURNWISE_OTLP_LOCK_WAIT_MS, else the default. */
export function lockWaitMs(env: Record<string, string | undefined>): number {
  const n = Number(env.TURNWISE_OTLP_LOCK_WAIT_MS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LOCK_WAIT_MS;
}
