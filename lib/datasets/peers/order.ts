/*
 * Ordering turns of a conversation assembled from separate records (traces, messages): by a
 * time or index field, ties and records without one in the order the file gave them.
 */

const DATE_START = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/i;
// Date.parse reads three digits of a fraction; Python's str(datetime) writes six.
const LONG_FRACTION = /(\.\d{3})\d+/;

/**
 * A sortable number for a timestamp or index: a number as it is, numeric text, or a date-time as
 * ISO 8601, ClickHouse (`2026-11-20 10:00:00.123`, read as UTC) or Python (`… 10:00:00.123456+00:00`)
 * write it. Undefined for anything else.
 */
export function orderValueOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '' || text.length > 64) return undefined;
  if (/^-?\d+(?:\.\d+)?$/.test(text)) return Number(text);
  if (!DATE_START.test(text)) return undefined;
  let iso = `${text.slice(0, 10)}T${text.slice(11)}`.replace(LONG_FRACTION, '$1');
  if (!HAS_ZONE.test(iso)) iso += 'Z';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A timestamp as ISO 8601 UTC, for turn metadata; the text as given when it is no date-time. */
export function isoTime(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const ms = typeof value === 'string' && DATE_START.test(value.trim()) ? orderValueOf(value) : undefined;
  if (ms !== undefined) return new Date(ms).toISOString();
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

export interface Ordered {
  /** From the order field, when the record has one. */
  order?: number;
  /** Position in the file (and in the folder), to keep ties and unordered records as they came. */
  seq: number;
}

/**
 * Sorts by order when every item has one (ties by file position), else keeps file order: an
 * order known for only some items cannot place the others. Returns whether file order was kept
 * because some lacked one.
 */
export function sortOrdered<T extends Ordered>(items: T[]): { sorted: T[]; someUnordered: boolean } {
  const all = items.every((i) => i.order !== undefined);
  const sorted = [...items].sort((a, b) => (all ? a.order! - b.order! || a.seq - b.seq : a.seq - b.seq));
  return { sorted, someUnordered: !all && items.some((i) => i.order !== undefined) };
}
