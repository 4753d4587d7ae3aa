import { PII_KINDS, patternNameSchema, type PiiKind, type RedactionCounts, type RedactionSettings, type UserPattern } from '../pii/kinds';
import { countsFromJson } from '../pii/kinds';

/**
 * A dataset's `piiRedaction` as stored: the kinds and the names of the user patterns it applies,
 * and for an upload the patterns' sources as they were and the redactions made.
 */
export interface StoredRedaction {
  kinds: PiiKind[];
  patterns: string[];
  /** An upload's: each pattern as it was applied. */
  sources?: UserPattern[];
  /** An upload's: the redactions made in the whole file. */
  counts?: RedactionCounts;
}

/** Reads a stored setting; anything else (null, an old shape) reads as none. */
export function storedRedactionOf(value: unknown): StoredRedaction | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const kinds = Array.isArray(v.kinds) ? PII_KINDS.filter((k) => (v.kinds as unknown[]).includes(k)) : [];
  const patterns = Array.isArray(v.patterns) ? (v.patterns as unknown[]).filter((p): p is string => patternNameSchema.safeParse(p).success) : [];
  if (!kinds.length && !patterns.length) return null;
  const sources = Array.isArray(v.sources)
    ? (v.sources as unknown[]).filter((s): s is UserPattern => !!s && typeof (s as UserPattern).name === 'string' && typeof (s as UserPattern).pattern === 'string')
    : undefined;
  const counts = countsFromJson(v.counts);
  return { kinds, patterns, ...(sources ? { sources } : {}), ...(counts ? { counts } : {}) };
}

/** What is stored for a setting applied to an upload or set on a live dataset. */
export function storedRedaction(settings: RedactionSettings, counts?: RedactionCounts): StoredRedaction {
  return {
    kinds: settings.kinds,
    patterns: settings.patterns.map((p) => p.name),
    ...(counts ? { sources: settings.patterns, counts } : {}),
  };
}
