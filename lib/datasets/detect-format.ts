import { parse as parseTolerant } from 'jsonc-parser';
import Papa from 'papaparse';
import { csvFormatOf, guessCsvMapping } from './csv-mapping';
import { guessDelimiter } from './csv-rows';
import { isPlainObject } from './fields';
import { formatFor, isPromptfooOutput, locateRecords, recordShape } from './formats';
import { stripBom } from './text-checks';
import type { DetectedFormat } from './types';
import { langfuseKind } from './peers/langfuse';
import { offsetTooDeep } from './value-checks';

const extensionOf = (fileName?: string): string => /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase() ?? '';

/** The first `max` non-empty lines, trimmed, and whether the sample ended inside the last one. */
function firstLines(text: string, max: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (out.length < max && start < text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = text.slice(start, end).trim();
    if (line !== '') out.push(line);
    start = end + 1;
  }
  return out;
}

const tryParse = (line: string): unknown => {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
};

const KNOWN =
  'expected messages (OpenAI), conversations of {from, value} (ShareGPT), turns or input and actual_output (deepeval), input and output (Mastra), promptfoo results, or LangSmith runs or examples (inputs and outputs)';

const keysOf = (v: unknown): string => (isPlainObject(v) ? Object.keys(v).join(', ') || 'no fields' : 'no object');

/**
 * Another tool's CSV export that holds less than its JSON export: said so, with the export to
 * make instead, rather than read as if its columns were a conversation's.
 */
function peerCsvRefusal(headers: string[]): string | null {
  const has = (name: string) => headers.includes(name);
  if (has('Status') && has('Score') && has('Grader Reason')) {
    return 'this is promptfoo’s CSV output, which keeps neither the prompt sent nor each assertion’s result: export promptfoo eval -o results.json (or results.jsonl) instead';
  }
  const lower = headers.map((h) => h.toLowerCase());
  const side = (prefix: string) => lower.some((h) => h === prefix || h.startsWith(`${prefix}.`) || h.startsWith(`${prefix}_`));
  if (side('inputs') && side('outputs')) {
    return 'CSV with inputs and outputs columns (a LangSmith dataset export?): its messages lose their roles in CSV; export the dataset as JSONL instead';
  }
  return null;
}

// Enough of a JSON document to see its first record; tolerant parsing copes with the cut.
const JSON_SAMPLE = 256 * 1024;

/**
 * Tells the format from the start of a file. The content decides; the extension (.json, .jsonl,
 * .ndjson, .csv, .tsv) only settles what the content leaves open, such as a single JSON object.
 */
export function detectFormat(sample: string, fileName?: string): DetectedFormat {
  const text = stripBom(sample);
  const ext = extensionOf(fileName);
  const start = text.search(/\S/);
  if (start === -1) return { format: null, confidence: 'high', reason: text === '' ? 'empty file' : 'only whitespace' };
  if (text.includes('\0')) return { format: null, confidence: 'high', reason: 'binary content (NUL bytes)' };

  const first = text[start];
  if (first === '{' || first === '[') {
    const lines = firstLines(text, 3);
    const head = first === '{' ? tryParse(lines[0]) : undefined;
    if (isPlainObject(head)) {
      const wrapper = locateRecords(head);
      const jsonl =
        lines.length > 1 ? lines[1].startsWith('{') : ext === 'jsonl' || ext === 'ndjson' || (ext !== 'json' && wrapper?.prefix.length === 0);
      if (jsonl) {
        const shape = recordShape(head);
        if (!shape) return { format: null, confidence: 'high', reason: `JSONL records with ${keysOf(head)}: ${KNOWN}` };
        return { format: formatFor(shape, 'jsonl'), confidence: 'high', reason: `one JSON object per line with ${shape} fields` };
      }
    }
    // The tolerant parser recurses: cut the sample where it would nest too deep (parsing refuses that part later).
    const sample = text.slice(0, JSON_SAMPLE);
    const tooDeep = offsetTooDeep(sample);
    const value: unknown = parseTolerant(tooDeep === -1 ? sample : sample.slice(0, tooDeep), [], { allowTrailingComma: true });
    // A .jsonl whose first line is longer than the sample: its start tells the shape (the line's own bounds are checked as it is read).
    const lineCut = text.indexOf('\n', start) === -1;
    const shapeOfCut = first === '{' && lineCut && (ext === 'jsonl' || ext === 'ndjson') ? recordShape(value) : null;
    if (shapeOfCut) return { format: formatFor(shapeOfCut, 'jsonl'), confidence: 'low', reason: `a JSON object per line with ${shapeOfCut} fields (the first line goes on past the sample)` };
    // promptfoo's output file says what it is before its first result (which may be cut off here).
    if (isPromptfooOutput(value)) return { format: 'promptfoo-json', confidence: 'high', reason: 'promptfoo’s output file (evalId, results)' };
    const located = locateRecords(value);
    if (!located) {
      return { format: null, confidence: 'high', reason: `JSON ${Array.isArray(value) ? 'list' : 'object'} with ${keysOf(value)}: ${KNOWN}` };
    }
    if (located.records.length === 0) {
      return { format: 'deepeval-json', confidence: 'low', reason: 'an empty JSON list' };
    }
    const shape = recordShape(located.records[0]);
    if (!shape) return { format: null, confidence: 'high', reason: `JSON records with ${keysOf(located.records[0])}: ${KNOWN}` };
    const where = located.prefix.length > 0 ? `under "${located.prefix[0]}"` : Array.isArray(value) ? 'in a list' : 'as one object';
    return { format: formatFor(shape, 'json'), confidence: 'high', reason: `JSON records ${where} with ${shape} fields` };
  }

  const headerLine = text.slice(start, text.indexOf('\n', start) === -1 ? text.length : text.indexOf('\n', start));
  const headers = (Papa.parse<string[]>(headerLine.trim(), { delimiter: guessDelimiter(headerLine) }).data[0] ?? []).map((h) => h.trim());
  // Rows of Langfuse's exports (traces, observations, scores) have its columns; their input and output would read as a test case's.
  if (headers.length > 1 && langfuseKind(Object.fromEntries(headers.map((h) => [h, ''])))) {
    return { format: 'langfuse-csv', confidence: 'high', reason: "CSV with Langfuse's trace, observation or score columns" };
  }
  const peer = peerCsvRefusal(headers);
  if (peer) return { format: null, confidence: 'high', reason: peer };
  const format = headers.length > 1 ? csvFormatOf(guessCsvMapping(headers)) : null;
  if (format) {
    return { format, confidence: 'high', reason: format === 'long-csv' ? 'CSV with role and content columns' : 'CSV with test-case columns' };
  }
  const shown = JSON.stringify(headerLine.slice(0, 60));
  if (headers.length > 1) {
    return { format: null, confidence: 'high', reason: `CSV header ${shown} has none of the columns we know (role and content, turns, or input and actual_output)` };
  }
  return { format: null, confidence: 'high', reason: `expected JSON, JSONL or CSV, found text starting with ${shown}` };
}
