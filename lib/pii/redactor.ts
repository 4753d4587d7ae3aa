import { customKey, customPlaceholder, isRedacting, PLACEHOLDERS, type PiiKind, type RedactionCounts, type RedactionSettings } from './kinds';
import { scanPersonalData } from './scan-personal-data';
import { compileUserPattern, findPattern, type CompiledPattern } from './user-patterns';

/** Takes personal data out of texts and counts what it took. */
export interface Redactor {
  /** `text` with each match replaced by its placeholder; the matches are added to `counts`. */
  text(text: string, counts: RedactionCounts): string;
  /** Every string inside `value` (objects and lists, keys left as they are) redacted in place; `value` itself when it is a string is returned redacted. */
  json<T>(value: T, counts: RedactionCounts): T;
}

type Span = { start: number; end: number; key: string; placeholder: string };

/** No text grows past twice its length and this many characters: a user pattern's short matches cannot blow a bounded text up. */
const GROWTH_SLACK = 256;
const OVERFLOW = '[REDACTED]';

// Texts with none of these hold nothing the built-in kinds look for (every one has a digit or an @): skipped without a scan.
const MAY_HOLD = /[0-9@]/;

/** The redactor of `settings` (user patterns compiled once; a bad one throws BAD_INPUT), or null when it redacts nothing. */
export function createRedactor(settings: RedactionSettings | null | undefined): Redactor | null {
  if (!isRedacting(settings)) return null;
  const kinds = new Set<PiiKind>(settings.kinds);
  const patterns: CompiledPattern[] = settings.patterns.map((p) => compileUserPattern(p));

  const text = (input: string, counts: RedactionCounts): string => {
    if (input.length === 0) return input;
    const spans: Span[] = [];
    if (kinds.size > 0 && MAY_HOLD.test(input)) {
      for (const f of scanPersonalData(input, kinds)) spans.push({ start: f.start, end: f.end, key: f.kind, placeholder: PLACEHOLDERS[f.kind] });
    }
    let merged = spans.length > 0 && patterns.length > 0;
    for (const p of patterns) {
      const key = customKey(p.name);
      const placeholder = customPlaceholder(p.name);
      const before = spans.length;
      findPattern(p, input, (start, end) => spans.push({ start, end, key, placeholder }));
      if (spans.length > before && before > 0) merged = true;
    }
    if (spans.length === 0) return input;
    // Built-in and user matches may overlap: the earliest wins, the longer on a tie.
    if (merged) spans.sort((a, b) => a.start - b.start || b.end - a.end);
    const limit = input.length * 2 + GROWTH_SLACK;
    let out = '';
    let at = 0;
    for (const s of spans) {
      if (s.start < at) continue;
      if (out.length + (s.start - at) + s.placeholder.length + OVERFLOW.length > limit) {
        // Only short matches of a user pattern get here: the rest of the text goes whole rather than any of it unredacted.
        out += OVERFLOW;
        counts[s.key] = (counts[s.key] ?? 0) + 1;
        return out;
      }
      out += input.slice(at, s.start) + s.placeholder;
      counts[s.key] = (counts[s.key] ?? 0) + 1;
      at = s.end;
    }
    return out + input.slice(at);
  };

  const json = <T>(value: T, counts: RedactionCounts): T => {
    if (typeof value === 'string') return text(value, counts) as T;
    if (!value || typeof value !== 'object') return value;
    // A stack, not recursion: a metadata value nested thousands deep cannot overflow the call stack.
    const stack: (Record<string, unknown> | unknown[])[] = [value as Record<string, unknown>];
    while (stack.length > 0) {
      const node = stack.pop()!;
      const keys: (string | number)[] = Array.isArray(node) ? node.map((_, i) => i) : Object.keys(node);
      for (const key of keys) {
        const item = (node as Record<string | number, unknown>)[key];
        if (typeof item === 'string') (node as Record<string | number, unknown>)[key] = text(item, counts);
        else if (item && typeof item === 'object') stack.push(item as Record<string, unknown>);
      }
    }
    return value;
  };

  return { text, json };
}
