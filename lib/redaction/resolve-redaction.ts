import type { Db } from '../db/db-types';
import { listRedactionPatterns } from '../db/queries/redaction/redaction-patterns';
import { AppError } from '../errors';
import type { RedactionSettings } from '../pii/kinds';
import { parseRedactSpec, type RedactSpec } from '../pii/redact-spec';

/**
 * A spec with its user patterns read from the database: unknown names are a BAD_INPUT on `field`
 * that lists the saved ones. Null when it redacts nothing.
 */
export async function resolveRedaction(db: Db, spec: RedactSpec | undefined, field = 'redact'): Promise<RedactionSettings | null> {
  if (!spec || (!spec.kinds.length && !spec.patterns.length && !spec.allPatterns)) return null;
  const saved = spec.patterns.length || spec.allPatterns ? await listRedactionPatterns(db) : [];
  const byName = new Map(saved.map((p) => [p.name, p]));
  const missing = spec.patterns.filter((name) => !byName.has(name));
  if (missing.length) {
    const known = saved.length ? `saved patterns: ${saved.map((p) => p.name).join(', ')}` : 'no pattern is saved (Settings → Personal data)';
    throw new AppError('BAD_INPUT', `${field}: no pattern named ${missing.map((m) => `"${m}"`).join(', ')}; ${known}`, { field });
  }
  const names = spec.allPatterns ? saved.map((p) => p.name) : spec.patterns;
  const patterns = names.map((name) => ({ name, pattern: byName.get(name)!.pattern }));
  if (!spec.kinds.length && !patterns.length) return null;
  return { kinds: spec.kinds, patterns };
}

/** Reads the spec text of an option (a query parameter, a form field, a flag) into a spec, or a BAD_INPUT on `field`. */
export function redactSpecOf(text: string | undefined | null, field = 'redact'): RedactSpec | undefined {
  if (text === undefined || text === null || text.trim() === '') return undefined;
  const parsed = parseRedactSpec(text);
  if (!parsed.ok) throw new AppError('BAD_INPUT', `${field}: ${parsed.message}`, { field });
  return parsed.spec;
}
