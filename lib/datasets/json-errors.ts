import { printParseErrorCode, visit } from 'jsonc-parser';
import { lineColumnAt } from './text-checks';
import { exceedsDepth, MAX_NESTING, offsetTooDeep } from './value-checks';

export interface JsonErrorLocation {
  line: number;
  column: number;
  /** e.g. `expected ',' or '}' but found '"b"'` */
  detail: string;
}

const show = (text: string, offset: number, length: number): string => {
  if (offset >= text.length) return 'the end of the file';
  const token = text.slice(offset, offset + Math.max(1, Math.min(length, 24)));
  return `'${token}'`;
};

/**
 * Explains why JSON.parse refused `text`, with a line and column that do not depend on the JS engine
 * (V8, SpiderMonkey and JavaScriptCore word and place their errors differently).
 */
export function locateJsonError(text: string, fallback?: unknown): JsonErrorLocation {
  const containers: ('object' | 'array')[] = [];
  let found: JsonErrorLocation | null = null;
  visit(
    text,
    {
      onObjectBegin: () => void containers.push('object'),
      onArrayBegin: () => void containers.push('array'),
      onObjectEnd: () => void containers.pop(),
      onArrayEnd: () => void containers.pop(),
      onError: (code, offset, length, startLine, startCharacter) => {
        if (found) return;
        const inside = containers[containers.length - 1];
        const close = inside === 'array' ? ']' : '}';
        const token = show(text, offset, length);
        let detail: string;
        switch (printParseErrorCode(code)) {
          case 'CommaExpected':
            detail = `expected ',' or '${close}' but found ${token}`;
            break;
          case 'CloseBraceExpected':
            detail = `expected ',' or '}' but found ${token}`;
            break;
          case 'CloseBracketExpected':
            detail = `expected ',' or ']' but found ${token}`;
            break;
          case 'ColonExpected':
            detail = `expected ':' after the property name but found ${token}`;
            break;
          case 'PropertyNameExpected':
            detail =
              text[offset] === '}' ? `trailing comma before '}'` : `expected a property name in double quotes but found ${token}`;
            break;
          case 'ValueExpected':
            detail =
              text[offset] === ']' || text[offset] === '}'
                ? `trailing comma or missing value before '${text[offset]}'`
                : `expected a value but found ${token}`;
            break;
          case 'EndOfFileExpected':
            detail = `unexpected ${token} after the end of the JSON value (one value per line is JSONL: name the file .jsonl)`;
            break;
          case 'UnexpectedEndOfString':
            detail = /[\r\n]/.test(text[offset + length] ?? '')
              ? 'line break inside a string (escape it as \\n)'
              : 'unterminated string';
            break;
          case 'InvalidCharacter':
            detail = 'control character inside a string (newlines and tabs must be escaped as \\n and \\t)';
            break;
          case 'InvalidEscapeCharacter':
            detail = 'invalid escape sequence in a string';
            break;
          case 'InvalidUnicode':
            detail = 'invalid \\u escape in a string';
            break;
          case 'InvalidCommentToken':
            detail = 'comments are not allowed in JSON';
            break;
          case 'InvalidNumberFormat':
          case 'UnexpectedEndOfNumber':
            detail = `invalid number ${token}`;
            break;
          default:
            detail = `unexpected ${token}: expected a JSON value`;
        }
        found = { line: startLine + 1, column: startCharacter + 1, detail };
      },
    },
    { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
  );
  if (found) return found;
  // jsonc-parser accepted what JSON.parse refused: fall back to the engine's own words.
  const message = fallback instanceof Error ? fallback.message : String(fallback ?? 'invalid JSON');
  const position = /position (\d+)/.exec(message);
  const { line, column } = position ? lineColumnAt(text, Number(position[1])) : { line: 1, column: 1 };
  return { line, column, detail: message };
}

/**
 * Parses JSON or returns where and why it is broken. Nesting deeper than MAX_NESTING levels is
 * refused too: whatever walks the value later (locating lines, storing it) would overflow.
 */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: JsonErrorLocation } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: locateJsonError(text, e) };
  }
  if (exceedsDepth(value)) {
    const { line, column } = lineColumnAt(text, Math.max(0, offsetTooDeep(text)));
    return { ok: false, error: { line, column, detail: `nested deeper than ${MAX_NESTING} levels` } };
  }
  return { ok: true, value };
}
