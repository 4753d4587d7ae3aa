import { describe, expect, it } from 'vitest';
import { FIELD_LIMITS } from '../domain';
import { parseDataset } from './parse-dataset';
import { createStreamingParser, type StreamingOptions } from './streaming-parser';
import type { Problem } from './types';

/*
 * Bounded input: a line, record, row or field past its limit is refused while it arrives (never
 * held whole), naming its line and field, and every named field limit and wrong type is refused
 * with the field named, in every format.
 */

const MB = 1024 * 1024;
const CHUNK = 'x'.repeat(64 * 1024);

/** Streams `head`, then `bytes` of filler, then `tail` through a parser, never holding the filler; what it found and the most it held. */
function stream(fileName: string, head: string, bytes: number, tail: string, options: StreamingOptions = {}) {
  const parser = createStreamingParser({ fileName, ...options });
  let held = 0;
  let stored = parser.push(head).length;
  for (let sent = 0; sent < bytes; sent += CHUNK.length) {
    stored += parser.push(CHUNK).length;
    held = Math.max(held, parser.buffered);
  }
  stored += parser.push(tail).length;
  stored += parser.end().length;
  return { problems: parser.problems, stored, held };
}

const errors = (problems: Problem[]) => problems.filter((p) => p.severity === 'error').map((p) => ({ line: p.line, field: p.field, message: p.message }));

const next = JSON.stringify({ turns: [{ role: 'user', content: 'a short one after it' }] });

describe('a line, record or row of hundreds of MB', () => {
  it('JSONL: a 300 MB line is refused at its field, without being held, and the lines after it are read', () => {
    const r = stream('big.jsonl', `${next}\n{"scenario":"s","turns":[{"role":"user","content":"`, 300 * MB, `"}]}\n${next}\n`);
    expect(errors(r.problems)).toEqual([
      { line: 2, field: 'turns[0].content', message: 'content has more than 1,000,000 characters: at most 1,000,000 per turn are accepted (TURNWISE_MAX_TURN_CHARS)' },
    ]);
    expect(r.stored).toBe(2);
    // The sample read to tell the format (8 MB) is the most held; the line itself was dropped at its limit.
    expect(r.held).toBeLessThan(9 * MB);
  });

  it('a JSON list: the record is refused at its field and the records after it are read', () => {
    const r = stream('big.json', `[${next},\n{"turns":[{"role":"user","content":"ok"},{"role":"assistant","content":"`, 40 * MB, `"}]},\n${next}]`);
    expect(errors(r.problems)).toEqual([{ line: 2, field: 'turns[1].content', message: expect.stringMatching(/^content has more than 1,000,000 characters/) }]);
    expect(r.stored).toBe(2);
    expect(r.held).toBeLessThan(9 * MB);
  });

  it('one JSON object (the file is the record) is refused at its field', () => {
    const r = stream('one.json', '{"chatbot_role":"', 40 * MB, '","turns":[]}');
    expect(errors(r.problems)).toEqual([{ line: 1, field: 'chatbot_role', message: 'chatbot_role has more than 100,000 characters: at most 50,000 are accepted' }]);
  });

  it('CSV: a cell is refused at its column, the row read past, and the rows after it read', () => {
    const r = stream('big.csv', 'conversation_id,role,content\nc1,user,"', 40 * MB, '"\nc2,user,hello\n');
    expect(errors(r.problems)).toEqual([{ line: 2, field: 'content', message: 'the cell has more than 1,000,000 characters: at most 1,000,000 are accepted (TURNWISE_MAX_TURN_CHARS)' }]);
    expect(r.stored).toBe(1);
    expect(r.held).toBeLessThan(9 * MB);
  });

  it('a line of many short texts is refused at the record bound, naming where it was cut', () => {
    const turn = JSON.stringify({ role: 'user', content: 'y'.repeat(1000) });
    const line = `{"turns":[${Array.from({ length: 1000 }, () => turn).join(',')}]}`;
    // Within the default bound it is read as usual.
    const r = parseDataset(`${line}\n${next}\n`, { fileName: 'many.jsonl' });
    const refused = createStreamingParser({ fileName: 'many.jsonl', maxRecordChars: 512 * 1024 });
    refused.push(`${line}\n${next}\n`);
    refused.end();
    expect(errors(refused.problems)).toEqual([
      { line: 1, field: expect.stringMatching(/^turns\[\d+\]\.content$/), message: 'the record is longer than 524,288 characters, the most one line, record or row may hold; split the conversation' },
    ]);
    expect(r.conversations).toHaveLength(2);
  });
});

const long = (n: number) => 'z'.repeat(n + 1);
const tool = (i: number) => ({ name: `tool_${i}` });

describe('each field limit and wrong type, named in every format', () => {
  const cases: [string, Record<string, unknown>, string, RegExp][] = [
    ['chatbot_role', { chatbot_role: long(FIELD_LIMITS.chatbotRoleChars) }, 'chatbot_role', /^chatbot_role has 50,001 characters: at most 50,000 are accepted$/],
    ['scenario', { scenario: long(FIELD_LIMITS.scenarioChars) }, 'scenario', /^scenario has 20,001 characters/],
    ['expected_outcome', { expected_outcome: long(FIELD_LIMITS.expectedOutcomeChars) }, 'expected_outcome', /^expected_outcome has 20,001/],
    ['user_description', { user_description: long(FIELD_LIMITS.userDescriptionChars) }, 'user_description', /^user_description has 20,001/],
    ['metadata', { additional_metadata: { note: long(FIELD_LIMITS.metadataChars) } }, 'additional_metadata', /^metadata written as JSON has [\d,]+ characters: at most 100,000/],
    ['a number in chatbot_role', { chatbot_role: 42 }, 'chatbot_role', /^expected text, found a number$/],
    ['a list in scenario', { scenario: ['a'] }, 'scenario', /^expected text, found a list$/],
  ];
  it.each(cases)('%s (deepeval JSONL, JSON and CSV)', (_what, fields, field, message) => {
    const record = { ...fields, turns: [{ role: 'user', content: 'hi' }] };
    for (const [fileName, text] of [
      ['x.jsonl', `${JSON.stringify(record)}\n`],
      ['x.json', JSON.stringify([record])],
    ]) {
      const r = parseDataset(text, { fileName });
      expect(errors(r.problems), fileName).toEqual([{ line: 1, field, message: expect.stringMatching(message) }]);
      expect(r.conversations).toEqual([]);
    }
  });

  it('tool calls: more than the count per turn, one too large, and one that is not an object', () => {
    const turns = (toolsCalled: unknown) => JSON.stringify({ turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok', tools_called: toolsCalled }] });
    const text = [
      turns(Array.from({ length: FIELD_LIMITS.toolCallsPerTurn + 1 }, (_, i) => tool(i))),
      turns([{ name: 'big', input_parameters: { q: long(FIELD_LIMITS.toolCallChars) } }]),
      turns(['lookup']),
      turns([{ input_parameters: {} }]),
    ].join('\n');
    expect(errors(parseDataset(text, { fileName: 't.jsonl' }).problems)).toEqual([
      { line: 1, field: 'turns[1].tools_called', message: '101 tool calls: at most 100 are accepted' },
      { line: 2, field: 'turns[1].tools_called[0]', message: expect.stringMatching(/^the tool call written as JSON has [\d,]+ characters: at most 100,000 are accepted$/) },
      { line: 3, field: 'turns[1].tools_called[0]', message: 'expected a tool: an object with a name, found a string' },
      { line: 4, field: 'turns[1].tools_called[0].name', message: 'a tool needs a name (text), found none' },
    ]);
  });

  it('OpenAI and ShareGPT: a system prompt over the chatbot role limit, a number as ShareGPT system', () => {
    const openai = JSON.stringify({ messages: [{ role: 'system', content: long(FIELD_LIMITS.chatbotRoleChars) }, { role: 'user', content: 'hi' }] });
    expect(errors(parseDataset(`${openai}\n`, { fileName: 'o.jsonl' }).problems)).toEqual([{ line: 1, field: 'chatbot_role', message: expect.stringMatching(/^chatbot_role has 50,001 characters/) }]);
    const sharegpt = JSON.stringify({ system: 7, conversations: [{ from: 'human', value: 'hi' }] });
    expect(errors(parseDataset(`${sharegpt}\n`, { fileName: 's.jsonl' }).problems)).toEqual([{ line: 1, field: 'system', message: 'expected text, found a number' }]);
  });

  it('long CSV: a chatbot_role cell over its limit, too many extra columns, extra columns over the metadata limit', () => {
    const role = parseDataset(`conversation_id,role,content,chatbot_role\nc1,user,hi,${long(FIELD_LIMITS.chatbotRoleChars)}\n`, { fileName: 'r.csv' });
    expect(errors(role.problems)).toEqual([{ line: 2, field: 'chatbot_role', message: expect.stringMatching(/^chatbot_role has 50,001 characters/) }]);

    const extra = Array.from({ length: FIELD_LIMITS.csvExtraColumns + 1 }, (_, i) => `extra_${i}`);
    const wide = parseDataset(`conversation_id,role,content,${extra.join(',')}\nc1,user,hi${',v'.repeat(extra.length)}\n`, { fileName: 'w.csv' });
    expect(errors(wide.problems)).toEqual([
      { line: 1, field: 'extra_100', message: expect.stringMatching(/^101 columns map to no field and would be kept as metadata: at most 100 are accepted/) },
    ]);

    const big = parseDataset(`conversation_id,role,content,note_a,note_b\nc1,user,hi,${'a'.repeat(60_000)},${'b'.repeat(60_000)}\n`, { fileName: 'm.csv' });
    expect(errors(big.problems)).toEqual([{ line: 2, field: 'note_a', message: expect.stringMatching(/^the row's metadata written as JSON has [\d,]+ characters: at most 100,000 are accepted/) }]);
  });

  it('deepeval CSV: the column named as the file names it', () => {
    const r = parseDataset(`input,actual_output,Chatbot Role\nhi,hello,${long(FIELD_LIMITS.chatbotRoleChars)}\n`, { fileName: 'd.csv' });
    expect(errors(r.problems)).toEqual([{ line: 2, field: 'Chatbot Role', message: expect.stringMatching(/^chatbot_role has 50,001 characters/) }]);
  });

  it('keeps what is within every limit', () => {
    const record = {
      chatbot_role: 'r'.repeat(FIELD_LIMITS.chatbotRoleChars),
      scenario: 's'.repeat(FIELD_LIMITS.scenarioChars),
      turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'ok', tools_called: Array.from({ length: FIELD_LIMITS.toolCallsPerTurn }, (_, i) => tool(i)) }],
    };
    const r = parseDataset(`${JSON.stringify(record)}\n`, { fileName: 'ok.jsonl' });
    expect(r.problems).toEqual([]);
    expect(r.conversations[0].turns[1].toolsCalled).toHaveLength(100);
  });
});
