import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, fixturePath } from '../../tests/fixtures/datasets/fixtures';
import { parseDataset } from './parse-dataset';
import { hasErrors } from './problems';

const parseFixture = (name: string) => parseDataset(fixture(name), { fileName: name });

describe('files we cannot read get one clear message', () => {
  it('broken JSON: the line and column of the missing comma', () => {
    const r = parseFixture('broken.json');
    expect(r.conversations).toEqual([]);
    expect(r.problems).toEqual([
      {
        severity: 'error',
        line: 7,
        column: 5,
        field: '',
        message: `broken JSON at line 7, column 5: expected ',' or '}' but found '"name"'`,
      },
    ]);
  });

  it('an empty file', () => {
    const r = parseFixture('empty.json');
    expect(r.format).toBeNull();
    expect(r.problems).toEqual([
      { severity: 'error', line: 1, field: '', message: 'empty file: found nothing; expected JSON, JSONL or CSV content' },
    ]);
    expect(parseDataset(' \n\n ').problems[0].message).toContain('found only whitespace');
  });

  it('binary garbage (NUL bytes)', () => {
    const text = readFileSync(fixturePath('binary.csv')).toString('utf8');
    const r = parseDataset(text, { fileName: 'binary.csv' });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ severity: 'error', line: 3 });
    expect(r.problems[0].message).toMatch(/^binary file, not text: found a NUL byte at line 3/);
  });

  it('invalid UTF-8 decoded leniently (U+FFFD) names the line', () => {
    const text = readFileSync(fixturePath('latin1.csv')).toString('utf8');
    const r = parseDataset(text, { fileName: 'latin1.csv' });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ severity: 'error', line: 2 });
    expect(r.problems[0].message).toMatch(/^not valid UTF-8: invalid byte sequence at line 2/);
  });

  it('a CSV with a ragged row: which row, how many fields, how many in the header', () => {
    const r = parseFixture('ragged.csv');
    expect(hasErrors(r.problems)).toBe(true);
    expect(r.problems).toEqual([
      { severity: 'error', line: 4, field: '', message: 'row 3 (line 4) has 4 fields, header has 6', record: 3 },
    ]);
  });

  it('content that is none of the formats', () => {
    const r = parseDataset('hello world\nthis is prose\n', { fileName: 'notes.txt' });
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0].message).toBe('unrecognised content: expected JSON, JSONL or CSV, found text starting with "hello world"');
    const csv = parseDataset('a,b,c\n1,2,3\n');
    expect(csv.problems[0].message).toContain('has none of the columns we know');
  });

  it('an unterminated quoted CSV cell names the line it starts on', () => {
    const r = parseDataset('conversation_id,role,content\nc,user,hi\nc,assistant,"never closed\nmore\n');
    expect(r.problems[0]).toMatchObject({ severity: 'error', line: 3 });
    expect(r.problems[0].message).toContain('unterminated quoted cell starting on line 3');
  });
});

describe('record problems name the line and the field', () => {
  it('JSONL with one bad line: the right line number, the other lines still parsed', () => {
    const r = parseFixture('bad-line.jsonl');
    expect(r.stats.conversations).toBe(3);
    expect(r.problems).toEqual([
      {
        severity: 'error',
        line: 3,
        column: 102,
        field: '',
        message: `broken JSON at line 3, column 102: expected ',' or ']' but found '}'`,
        record: 3,
      },
    ]);
  });

  it('missing role in a JSON file: the line of the turn and its path', () => {
    const r = parseFixture('missing-role.json');
    expect(r.problems).toEqual([
      { severity: 'error', line: 14, column: 7, field: 'turns[2].role', message: 'missing role', record: 2 },
    ]);
    // the good record still maps; the caller must store nothing because of the error
    expect(r.conversations.map((c) => c.externalId)).toEqual(['ok-1']);
  });

  it('unknown role in JSONL', () => {
    const r = parseFixture('unknown-role.jsonl');
    expect(r.problems).toEqual([
      {
        severity: 'error',
        line: 2,
        field: 'turns[0].role',
        message: 'unknown role "moderator": expected user/human or assistant/ai/gpt/bot, or map it to one in the role values',
        record: 2,
      },
    ]);
  });

  it('unknown role in a long CSV names the column and the row line', () => {
    const r = parseDataset('conversation_id,turn_index,role,content\nc,0,user,hi\nc,1,system,be nice\n');
    expect(r.problems).toEqual([
      {
        severity: 'error',
        line: 3,
        field: 'role',
        message: 'unknown role "system": expected user/human or assistant/ai/gpt/bot, or map it to one in the role values',
        record: 2,
      },
    ]);
  });

  it('a deepeval CSV with broken JSON in the turns cell names the column', () => {
    const r = parseDataset('id,turns\nx,"[{""role"": ""user"" ""content"": ""hi""}]"\n');
    expect(r.problems).toHaveLength(1);
    expect(r.problems[0]).toMatchObject({ severity: 'error', line: 2, field: 'turns' });
    expect(r.problems[0].message).toContain("expected ',' or '}'");
  });

  it('an unknown ShareGPT speaker is an error; empty content is a warning and kept', () => {
    const r = parseDataset(
      JSON.stringify([
        { conversations: [{ from: 'human', value: '' }, { from: 'gpt', value: 'ok' }] },
        { conversations: [{ from: 'narrator', value: 'Once' }] },
      ]),
      { fileName: 'x.json' },
    );
    expect(r.problems).toEqual([
      expect.objectContaining({ severity: 'warning', field: 'conversations[0].value', record: 1 }),
      expect.objectContaining({ severity: 'error', field: 'conversations[0].from', record: 2 }),
    ]);
    expect(r.conversations[0].turns[0]).toEqual({ role: 'user', content: '' });
  });

  it('wrong types are errors with the field path', () => {
    const r = parseDataset(JSON.stringify([{ turns: [{ role: 'user', content: { text: 'hi' } }] }]), { fileName: 'x.json' });
    expect(r.problems).toEqual([
      expect.objectContaining({ severity: 'error', field: 'turns[0].content', message: 'expected text, found an object' }),
    ]);
  });

  it('a file with no conversations is an error', () => {
    expect(parseDataset('[]', { fileName: 'x.json' }).problems).toEqual([
      expect.objectContaining({ severity: 'error', message: expect.stringContaining('no conversations found') }),
    ]);
  });

  it('caps the number of problems listed and says how many were left out', () => {
    const lines = Array.from({ length: 30 }, () => '{"turns": [{"role": "robot", "content": "x"}]}').join('\n');
    const r = parseDataset(lines, { fileName: 'x.jsonl', maxProblems: 10 });
    expect(r.problems).toHaveLength(11);
    expect(r.problems[10]).toMatchObject({ severity: 'error', message: expect.stringContaining('20 more problems') });
  });
});

describe('values nothing downstream can hold', () => {
  const ok = '{"turns":[{"role":"user","content":"Hi"},{"role":"assistant","content":"Hello"}]}';
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('an escaped NUL character in content is refused with its line and field, not stored cut short', () => {
    const r = parseDataset(`${ok}\n{"turns":[{"role":"user","content":"before\\u0000after"}]}\n`, { fileName: 'nul.jsonl' });
    expect(hasErrors(r.problems)).toBe(true);
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'error', line: 2, field: 'turns[0].content', message: expect.stringContaining('NUL character') })]);
  });

  it('a NUL character in metadata is refused too', () => {
    const r = parseDataset(`[\n${ok},\n{"turns":[{"role":"user","content":"Hi"}],"tags":{"x":"a\\u0000"}}\n]`, { fileName: 'nul.json' });
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'error', line: 3, message: expect.stringContaining('NUL character') })]);
  });

  it.each([100, 5000, 50_000])('metadata nested %i levels in a JSONL line is refused with its line, without overflowing', (levels) => {
    const r = parseDataset(`${ok}\n${ok}\n{"turns":[{"role":"user","content":"Hi"}],"meta":${deep(levels)}}\n`, { fileName: 'deep.jsonl' });
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'error', line: 3, message: expect.stringContaining('nested deeper than 64 levels') })]);
    expect(hasErrors(r.problems)).toBe(true);
  });

  it('a JSON document nested 5,000 levels deep is refused with the line where it goes too deep', () => {
    const r = parseDataset(`[\n${ok},\n{"turns":[],\n"meta":${deep(5000)}}\n]`, { fileName: 'deep.json' });
    expect(r.problems).toEqual([expect.objectContaining({ severity: 'error', line: 4, message: expect.stringContaining('nested deeper than 64 levels') })]);
  });

  it('ordinary nesting in metadata is kept', () => {
    const r = parseDataset(`{"turns":[{"role":"user","content":"Hi"}],"meta":${deep(20)}}\n`, { fileName: 'fine.jsonl' });
    expect(r.problems).toEqual([]);
    expect(r.conversations).toHaveLength(1);
  });
});

describe('a row with a bad quote', () => {
  it('leaves its conversation out, not stored from cells that may be cut wrong', () => {
    const { conversations, problems } = parseDataset('conversation_id,role,content\nc1,user,Hi\nc1,assistant,"He said "no" twice"\nc2,user,Hello\nc2,assistant,Hi there\n', { fileName: 'x.csv' });
    expect(problems.filter((p) => p.severity === 'error').map((p) => p.line)).toEqual([3]);
    expect(conversations.map((c) => c.externalId)).toEqual(['c2']);
  });

  it('is reported once, however many stray quotes it has', () => {
    const { problems } = parseDataset('conversation_id,role,content\nc1,user,"Hello there\nc1,assistant,Hi\n', { fileName: 'x.csv' });
    expect(problems.filter((p) => p.severity === 'error').map((p) => [p.line, p.message])).toEqual([
      [2, `unterminated quoted cell starting on line 2: a '"' opens a cell that never closes`],
    ]);
  });
});
