import { PII_KINDS, patternNameSchema, type PiiKind } from './kinds';

/**
 * What an upload or a setting asks to redact, as one line of text (the upload's `redact` option,
 * the CLI's --redact, TURNWISE_LIVE_REDACT): items split by commas, each `email`, `phone`, `card`,
 * `ip`, `custom:<name>` (a saved pattern), `builtin` (the four kinds), `all` (the four kinds and
 * every saved pattern) or `none`.
 */
export interface RedactSpec {
  kinds: PiiKind[];
  patterns: string[];
  /** Every saved pattern, whatever they are when the spec is resolved. */
  allPatterns: boolean;
}

export const NO_REDACTION: RedactSpec = { kinds: [], patterns: [], allPatterns: false };

export const REDACT_SPEC_HELP = 'a comma-separated list of email, phone, card, ip, custom:<pattern name>, builtin (the four kinds), all (the four and every saved pattern) or none';

/** The spec of `text`, or the item it cannot read. */
export function parseRedactSpec(text: string): { ok: true; spec: RedactSpec } | { ok: false; message: string } {
  const kinds = new Set<PiiKind>();
  const patterns = new Set<string>();
  let allPatterns = false;
  for (const raw of text.split(',')) {
    const item = raw.trim().toLowerCase();
    if (!item || item === 'none') continue;
    if (item === 'all' || item === 'builtin') {
      for (const k of PII_KINDS) kinds.add(k);
      if (item === 'all') allPatterns = true;
    } else if ((PII_KINDS as readonly string[]).includes(item)) {
      kinds.add(item as PiiKind);
    } else if (item.startsWith('custom:')) {
      const name = patternNameSchema.safeParse(item.slice('custom:'.length));
      if (!name.success) return { ok: false, message: `"${raw.trim()}": ${name.error.issues[0].message}` };
      patterns.add(name.data);
    } else {
      return { ok: false, message: `"${raw.trim()}" is not something to redact: use ${REDACT_SPEC_HELP}` };
    }
  }
  return { ok: true, spec: { kinds: PII_KINDS.filter((k) => kinds.has(k)), patterns: [...patterns], allPatterns } };
}

/** The spec as the text parseRedactSpec reads (`none` when it asks for nothing). */
export function formatRedactSpec(spec: { kinds: readonly string[]; patterns: readonly string[] }): string {
  const items = [...spec.kinds, ...spec.patterns.map((p) => `custom:${p}`)];
  return items.length ? items.join(',') : 'none';
}
