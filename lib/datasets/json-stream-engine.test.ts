import { describe, expect, it } from 'vitest';
import { Collector } from './collector';
import { parseJsonDocument } from './json-document';
import { ProblemLog } from './problems';
import { createStreamingParser } from './streaming-parser';

/** What the whole-document parser (the one used before records were streamed) says about `text`. */
function wholeDocument(text: string) {
  const log = new ProblemLog();
  const out = new Collector(log);
  parseJsonDocument(text, undefined, out);
  log.close();
  return { problems: log.list.sort((a, b) => a.line - b.line), conversations: out.drain() };
}

function streamed(text: string, size: number, fileName = 'cases.json') {
  const parser = createStreamingParser({ fileName });
  const conversations = [];
  for (let i = 0; i < text.length; i += size) conversations.push(...parser.push(text.slice(i, i + size)));
  conversations.push(...parser.end());
  return { problems: parser.problems, conversations, datasetMetadata: parser.datasetMetadata };
}

const good = (i: number) => ({ scenario: `case ${i}`, turns: [{ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` }] });
const list = (records: unknown[], indent?: number) => JSON.stringify(records, null, indent);

const CASES: [string, string][] = [
  ['a bad role in record 3, pretty-printed', list([good(1), good(2), { turns: [{ role: 'robot', content: 'x' }] }, good(4)], 2)],
  ['a bad role in record 2, minified on one line', list([good(1), { turns: [{ role: 'robot', content: 'x' }] }, good(3)])],
  ['a missing content under a wrapper key', JSON.stringify({ goldens: [good(1), { turns: [{ role: 'user' }] }], note: 'x' }, null, 2)],
  ['a missing colon inside record 2', list([good(1), good(2)], 2).replace('"scenario": "case 2"', '"scenario" "case 2"')],
  ['a string never closed in record 2', `[\n  ${list([good(1)]).slice(1, -1)},\n  {"scenario": "open\n}]`],
];

describe('JSON records read one at a time', () => {
  it.each(CASES)('%s: the same problems, lines and columns as the whole document', (_name, text) => {
    const whole = wholeDocument(text);
    expect(whole.problems.length).toBeGreaterThan(0);
    for (const size of [7, 64, text.length]) {
      const s = streamed(text, size);
      expect(s.problems.map(({ line, column, field, message, severity }) => ({ line, column, field, message, severity }))).toEqual(
        whole.problems.map(({ line, column, field, message, severity }) => ({ line, column, field, message, severity })),
      );
    }
  });

  it('reads the same conversations as the whole document, cut anywhere', () => {
    const text = JSON.stringify({ test_cases: Array.from({ length: 50 }, (_, i) => good(i)) }, null, 2);
    const whole = wholeDocument(text);
    for (const size of [1, 13, 500]) expect(streamed(text, size).conversations).toEqual(whole.conversations);
  });

  it('reads numbers, true, false and null beside the records of a wrapper object, cut anywhere', () => {
    const text = JSON.stringify({ version: 12, total: -0.0042, public: false, owner: null, goldens: [good(1), good(2)], done: true, count: 1e3 }, null, 2);
    for (const size of [1, 3, text.length]) {
      const s = streamed(text, size);
      expect(s.problems).toEqual([]);
      expect(s.conversations).toHaveLength(2);
    }
  });

  it.each([
    ['two records without a comma', `[\n${JSON.stringify(good(1))}\n${JSON.stringify(good(2))}\n]`, 3, 1, "expected ',' or ']' but found '{"],
    ['a trailing comma', `[\n${JSON.stringify(good(1))},\n]`, 3, 1, "trailing comma or missing value before ']'"],
    ['a list never closed', `[\n${JSON.stringify(good(1))},\n${JSON.stringify(good(2))}\n`, 4, 1, "expected ',' or ']' but found the end of the file"],
  ])('%s: broken JSON at the line and column where it breaks', (_name, text, line, column, detail) => {
    const { problems } = streamed(text, 5);
    expect(problems[0]).toMatchObject({ severity: 'error', line, column, message: expect.stringContaining(`broken JSON at line ${line}, column ${column}: ${detail}`) });
  });

  it('reads a wrapper object whose other keys hold numbers, true, false or null, before or after the records', () => {
    const text = JSON.stringify({ version: 3, goldens: [good(1), good(2)], alias: null, reviewed: true, size: 2.5 }, null, 2);
    for (const size of [3, 40, text.length]) {
      const { problems, conversations, datasetMetadata } = streamed(text, size);
      expect(problems).toEqual([]);
      expect(conversations).toHaveLength(2);
      expect(datasetMetadata).toEqual({ version: 3, alias: null, reviewed: true, size: 2.5 });
    }
  });

  it('follows a nested path to the records (promptfoo’s results.results) and keeps the rest as the dataset’s metadata', () => {
    const result = (i: number) => ({ gradingResult: null, id: `r${i}`, prompt: { raw: `question ${i}`, label: 'p' }, promptIdx: 0, provider: { id: 'echo' }, response: { output: `answer ${i}` }, testIdx: i, vars: {}, failureReason: 0 });
    const text = JSON.stringify({ evalId: 'e1', results: { version: 3, timestamp: 't', prompts: [{ raw: '{{q}}', label: 'p' }], results: [result(0), result(1)], stats: { successes: 2 } }, config: { x: [1] }, shareableUrl: null }, null, 2);
    for (const size of [5, 97, text.length]) {
      const { problems, conversations, datasetMetadata } = streamed(text, size, 'results.json');
      expect(problems).toEqual([]);
      expect(conversations.map((c) => c.turns.map((t) => t.content))).toEqual([['question 0', 'answer 0'], ['question 1', 'answer 1']]);
      expect(datasetMetadata).toEqual({ evalId: 'e1', results: { version: 3, timestamp: 't', prompts: [{ raw: '{{q}}', label: 'p' }], stats: { successes: 2 } }, config: { x: [1] }, shareableUrl: null });
    }
  });
});
