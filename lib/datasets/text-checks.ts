import type { Problem } from './types';

export const stripBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

export function countNewlines(text: string, from = 0, to = text.length): number {
  let n = 0;
  for (let i = text.indexOf('\n', from); i !== -1 && i < to; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** 1-based line and column of a character offset. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  const line = countNewlines(text, 0, offset) + 1;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return { line, column: offset - lineStart + 1 };
}

const EXPECTED = 'expected UTF-8 text (JSON, JSONL or CSV)';

export const emptyFileProblem = (onlyWhitespace: boolean): Problem => ({
  severity: 'error',
  line: 1,
  field: '',
  message: `empty file: ${onlyWhitespace ? 'found only whitespace' : 'found nothing'}; expected JSON, JSONL or CSV content`,
});

export const binaryProblem = (line: number): Problem => ({
  severity: 'error',
  line,
  field: '',
  message: `binary file, not text: found a NUL byte at line ${line}; ${EXPECTED}`,
});

export const notUtf8Problem = (line: number): Problem => ({
  severity: 'error',
  line,
  field: '',
  message: `not valid UTF-8: invalid byte sequence at line ${line}; save the file as UTF-8 (it may be Latin-1, Windows-1252 or UTF-16)`,
});

/**
 * Finds NUL bytes and U+FFFD (what a non-fatal UTF-8 decoder leaves for invalid bytes) in one piece
 * of text; `lineOffset` is the number of lines before it. Returns the single problem that stops the file.
 */
export function checkText(text: string, lineOffset = 0): Problem | null {
  const nul = text.indexOf('\0');
  if (nul !== -1) return binaryProblem(lineOffset + countNewlines(text, 0, nul) + 1);
  const bad = text.indexOf('\uFFFD');
  if (bad !== -1) return notUtf8Problem(lineOffset + countNewlines(text, 0, bad) + 1);
  return null;
}
