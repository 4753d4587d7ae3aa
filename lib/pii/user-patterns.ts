import { RE2JS } from 're2js';
import { AppError } from '../errors';
import { patternNameSchema, type UserPattern } from './kinds';

/*
 * The user's own patterns run on RE2 (re2js, a JavaScript port of Google's RE2): matching is linear
 * in the text for any pattern, so no pattern can backtrack. Its syntax is RE2's: what JavaScript's
 * RegExp takes except backreferences (\1) and lookaround ((?=…), (?!…), (?<=…)), which RE2 refuses;
 * flags inline, e.g. (?i) for case-insensitive. A pattern is also refused when it matches the
 * empty text, or is larger than MAX_PROGRAM instructions once compiled.
 */

export const MAX_PATTERN_CHARS = 500;
/** Instructions of one compiled pattern: [a-z]{1,1000} is about 2,000. */
const MAX_PROGRAM = 5_000;
/** User patterns kept at once. */
export const MAX_USER_PATTERNS = 50;

export interface CompiledPattern {
  name: string;
  re: RE2JS;
}

/** Compiles a pattern, or throws BAD_INPUT naming the field and what is wrong. */
export function compileUserPattern(pattern: UserPattern, field = 'pattern'): CompiledPattern {
  const name = patternNameSchema.safeParse(pattern.name);
  if (!name.success) throw new AppError('BAD_INPUT', `name: ${name.error.issues[0].message}`, { field: 'name' });
  const source = pattern.pattern;
  if (!source.trim()) throw new AppError('BAD_INPUT', `${field}: give a pattern`, { field });
  if (source.length > MAX_PATTERN_CHARS) throw new AppError('BAD_INPUT', `${field}: at most ${MAX_PATTERN_CHARS} characters`, { field });
  let re: RE2JS;
  try {
    re = RE2JS.compile(source);
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    throw new AppError('BAD_INPUT', `${field}: not a pattern RE2 accepts (${reason}); backreferences and lookaround are not supported`, { field });
  }
  if (re.programSize() > MAX_PROGRAM) throw new AppError('BAD_INPUT', `${field}: the pattern is too large once compiled; use smaller repeat counts`, { field });
  if (re.testExact('')) throw new AppError('BAD_INPUT', `${field}: the pattern matches empty text, so it would match everywhere`, { field });
  return { name: name.data, re };
}

/** Each match of `pattern` in `text` (empty matches skipped), in order. */
export function findPattern(pattern: CompiledPattern, text: string, each: (start: number, end: number) => void): void {
  // The DFA answers "no match" without building a matcher: most texts have none.
  if (!pattern.re.test(text)) return;
  const m = pattern.re.matcher(text);
  while (m.find()) {
    const start = m.start();
    const end = m.end();
    if (end > start) each(start, end);
  }
}
