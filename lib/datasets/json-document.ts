import { visit } from 'jsonc-parser';
import type { Collector } from './collector';
import { type Path, describe } from './fields';
import { containerOf, formatFor, locateRecords, recordShape, shapeOf } from './formats';
import { parseJson } from './json-errors';
import { recordReaderFor } from './record-reader';
import type { FormatId, Problem } from './types';

/**
 * Parses a whole JSON document (the text must fit in memory: it is given as one string) and maps
 * each record. Problems get their lines afterwards, in one pass, only if there are any.
 */
export function parseJsonDocument(
  text: string,
  forced: FormatId | undefined,
  out: Collector,
): { format: FormatId | null; datasetMetadata?: Record<string, unknown> } {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    const { line, column, detail } = parsed.error;
    out.problem({ severity: 'error', line, column, field: '', message: `broken JSON at line ${line}, column ${column}: ${detail}` });
    return { format: forced ?? null };
  }
  const located = locateRecords(parsed.value);
  if (!located) {
    const found = describe(parsed.value);
    out.problem({
      severity: 'error',
      line: 1,
      field: '',
      message: `expected a list of test cases or conversations (or an object with goldens, test_cases or conversations), found ${found}`,
    });
    return { format: forced ?? null };
  }
  const shape = forced && containerOf(forced) === 'json' ? shapeOf(forced) : (recordShape(located.records[0]) ?? 'deepeval');
  const format = formatFor(shape, 'json');
  const reader = recordReaderFor(shape, out);
  // A document that is itself the record: its problems' paths start at the top.
  const itself = located.records.length === 1 && located.records[0] === parsed.value;
  located.records.forEach((record, i) => reader.read(record, { line: 0, record: i + 1, jsonPath: itself ? [] : [...located.prefix, i] }));
  reader.end();
  if (out.unresolved.size > 0) resolveLines(text, out.unresolved);
  return { format, datasetMetadata: located.rest };
}

/**
 * Gives each problem the line and column of the deepest part of its path found in the text. The
 * text may be one record of a larger file: `origin` is its path in the file and where it starts.
 */
export function resolveLines(text: string, unresolved: Map<Problem, Path>, origin?: { path: Path; line: number; column: number }): void {
  const skip = origin?.path.length ?? 0;
  const inFile = (line: number, column: number) =>
    origin ? { line: origin.line + line - 1, column: line === 1 ? origin.column + column - 1 : column } : { line, column };
  const relative = new Map<Problem, Path>();
  for (const [problem, path] of unresolved) relative.set(problem, path.slice(skip));
  const wanted = new Set<string>();
  for (const path of relative.values()) for (let k = 0; k <= path.length; k++) wanted.add(JSON.stringify(path.slice(0, k)));
  const found = new Map<string, { line: number; column: number }>();
  const note = (path: Path, line: number, column: number): boolean => {
    const key = JSON.stringify(path);
    if (!wanted.has(key)) return false;
    if (!found.has(key)) found.set(key, inFile(line + 1, column + 1));
    return true;
  };
  // Returning false from a begin callback skips the callbacks inside: only wanted subtrees cost paths.
  visit(text, {
    onObjectBegin: (_o, _l, line, column, path) => note(path(), line, column),
    onArrayBegin: (_o, _l, line, column, path) => note(path(), line, column),
    // jsonc-parser only ends a suppression in an end callback, so these must exist.
    onObjectEnd: () => undefined,
    onArrayEnd: () => undefined,
    onObjectProperty: (property, _o, _l, line, column, path) => void note([...path(), property], line, column),
    onLiteralValue: (_v, _o, _l, line, column, path) => void note(path(), line, column),
  });
  for (const [problem, path] of relative) {
    for (let k = path.length; k >= 0; k--) {
      const at = found.get(JSON.stringify(path.slice(0, k)));
      if (at) {
        problem.line = at.line;
        problem.column = at.column;
        break;
      }
    }
    if (problem.line === 0) problem.line = origin?.line ?? 1;
  }
  unresolved.clear();
}
