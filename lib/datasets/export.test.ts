import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/fixtures/datasets/fixtures';
import type { Conversation } from '../domain';
import { neutraliseCell, restoreCell } from './csv-cells';
import { exportDeepevalJson, exportJsonl } from './export-deepeval';
import { exportLongCsv } from './export-long-csv';
import { parseDataset } from './parse-dataset';
import { createStreamingParser } from './streaming-parser';

const tricky: Conversation = {
  externalId: '-1',
  name: '@team review',
  scenario: 'Edge cases for exporters',
  expectedOutcome: 'Everything survives',
  chatbotRole: '+ a bot',
  userDescription: 'Someone who types "quotes", commas, and\nnew lines',
  context: ['a|b', ' padded '],
  relevantTopics: ['=formulas', 'a|b'],
  availableTools: [{ name: 'calc', description: '@math, "quoted"' }],
  metadata: { nested: { n: 1, list: [true, null] }, note: '=SUM(A1)' },
  turns: [
    { role: 'user', content: '=1+1 is what?' },
    {
      role: 'assistant',
      content: "'=quoted already, \"and\" a comma, and\r\na line break",
      retrievalContext: [],
      context: ['one'],
      expectedOutput: '-2',
      toolsCalled: [{ name: 'calc', input_parameters: { expr: '1+1' }, output: 2 }],
      expectedTools: [{ name: 'calc', input_parameters: { expr: '1+1' } }],
      metadata: { score: 0.5 },
    },
    { role: 'user', content: '' },
  ],
};

const fromFixtures = (): Conversation[] =>
  ['deepeval-goldens.json', 'openai-chat.jsonl', 'long.csv', 'sharegpt.json', 'deepeval.csv', 'deepeval-bank-account.json']
    .flatMap((name) => parseDataset(fixture(name), { fileName: name }).conversations)
    .map((c, i) => ({ ...c, externalId: c.externalId ?? `fixture-${i}` }));

const exporters = [
  ['deepeval JSON', exportDeepevalJson, 'out.json', 'deepeval-json'],
  ['deepeval JSONL', exportJsonl, 'out.jsonl', 'deepeval-jsonl'],
  ['long CSV', exportLongCsv, 'out.csv', 'long-csv'],
] as const;

describe.each(exporters)('%s export', (_label, exporter, fileName, format) => {
  it('round-trips: export then parse gives the same conversations', () => {
    const conversations = [...fromFixtures(), tricky];
    const text = [...exporter(conversations)].join('');
    const back = parseDataset(text, { fileName });
    expect(back.format).toBe(format);
    expect(back.problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(back.conversations).toEqual(conversations);
  });

  it('streams: yields pieces that a streaming parser can consume one by one', () => {
    const parser = createStreamingParser({ fileName });
    const got: Conversation[] = [];
    let pieces = 0;
    const second = { ...tricky, externalId: 'second' };
    const third = { ...tricky, externalId: 'third' };
    for (const piece of exporter([tricky, second, third])) {
      pieces++;
      got.push(...parser.push(piece));
    }
    got.push(...parser.end());
    expect(pieces).toBeGreaterThanOrEqual(3);
    expect(got).toEqual([tricky, second, third]);
  });
});

describe('long CSV export', () => {
  const csv = [...exportLongCsv([tricky])].join('');

  it('prefixes cells a spreadsheet would run as formulas with a single quote', () => {
    expect(csv).toContain("\r\n'-1,0,user,'=1+1 is what?,");
    expect(csv).toContain(",'@team review,");
    expect(csv).toContain(",'+ a bot,");
    expect(csv).toContain(",'-2,");
    expect(csv).not.toMatch(/(^|,)[=+@]/m);
  });

  it('quotes cells with commas, quotes and line breaks', () => {
    expect(csv).toContain('"\'\'=quoted already, ""and"" a comma, and\r\na line break"');
    expect(csv).toContain('"Someone who types ""quotes"", commas, and\nnew lines"');
  });

  it('gives conversations without an id a generated one, and a repeated id a suffix, since rows are grouped by id', () => {
    const hi: Conversation = { turns: [{ role: 'user', content: 'hi' }] };
    const text = [...exportLongCsv([hi, { ...hi, externalId: 'x' }, { ...hi, externalId: 'x' }])].join('');
    expect(parseDataset(text).conversations.map((c) => c.externalId)).toEqual(['conversation-1', 'x', 'x#3']);
  });
});

describe('formula guard', () => {
  it.each(['=A1', "'=A1", "''+x", '-', '@x', 'plain', "'plain", '', '\tx'])('restoreCell(neutraliseCell(%j)) is the identity', (s) => {
    expect(restoreCell(neutraliseCell(s))).toBe(s);
  });
});
