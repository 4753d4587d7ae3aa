import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/fixtures/datasets/fixtures';
import type { Conversation } from '../domain';
import { parseDataset } from './parse-dataset';
import { createStreamingParser, type StreamingOptions } from './streaming-parser';

function feed(text: string, size: number, options: StreamingOptions = {}) {
  const parser = createStreamingParser(options);
  const conversations: Conversation[] = [];
  for (let i = 0; i < text.length; i += size) conversations.push(...parser.push(text.slice(i, i + size)));
  conversations.push(...parser.end());
  return { parser, conversations };
}

describe('createStreamingParser', () => {
  it.each(['deepeval-cases.jsonl', 'openai-chat.jsonl', 'long.csv', 'deepeval.csv', 'bad-line.jsonl', 'ragged.csv', 'deepeval-goldens.json'])(
    '%s in chunks of 1, 7 and 4096 characters gives what parseDataset gives',
    (name) => {
      const text = fixture(name);
      const whole = parseDataset(text, { fileName: name });
      for (const size of [1, 7, 4096]) {
        const { parser, conversations } = feed(text, size, { fileName: name });
        expect(conversations).toEqual(whole.conversations);
        expect(parser.problems).toEqual(whole.problems);
        expect(parser.format).toBe(whole.format);
        expect(parser.stats).toEqual(whole.stats);
      }
    },
  );

  it('hands conversations over as they complete and holds only the unfinished line', () => {
    const line = (i: number) =>
      JSON.stringify({ id: `c${i}`, turns: [{ role: 'user', content: `question ${i} `.repeat(10) }, { role: 'assistant', content: 'answer' }] });
    const text = Array.from({ length: 3000 }, (_, i) => line(i)).join('\n');
    const parser = createStreamingParser({ fileName: 'big.jsonl' });
    let received = 0;
    let maxBuffered = 0;
    for (let i = 0; i < text.length; i += 16 * 1024) {
      received += parser.push(text.slice(i, i + 16 * 1024)).length;
      if (received > 0) maxBuffered = Math.max(maxBuffered, parser.buffered);
    }
    expect(received).toBeGreaterThan(2500); // most arrived before end()
    expect(maxBuffered).toBeLessThan(16 * 1024 + 400);
    received += parser.end().length;
    expect(received).toBe(3000);
    expect(parser.problems).toEqual([]);
  });

  it('reports the right line for a bad JSONL line split across chunks, with CRLF line ends', () => {
    const text = fixture('bad-line.jsonl').replace(/\n/g, '\r\n');
    const { parser, conversations } = feed(text, 5, { fileName: 'bad-line.jsonl' });
    expect(conversations).toHaveLength(3);
    expect(parser.problems.map((p) => p.line)).toEqual([3]);
  });

  it('emits long-CSV conversations when the id changes, and refuses a conversation whose rows are apart', () => {
    const text = 'conversation_id,turn_index,role,content\na,0,user,hi\nb,0,user,yo\na,1,assistant,hello\n';
    const { parser } = feed(text, 3);
    expect(parser.problems).toEqual([
      expect.objectContaining({ severity: 'error', line: 4, field: 'conversation_id', message: expect.stringContaining('not together') }),
    ]);
    const grouped = feed(text, 3, { grouping: 'all' });
    expect(grouped.parser.problems).toEqual([]);
    expect(grouped.conversations.map((c) => c.turns.length)).toEqual([2, 1]);
  });

  it('reads a JSON list of records larger than the buffer limit one record at a time', () => {
    const records = Array.from({ length: 2000 }, (_, i) => ({ scenario: `case ${i}`, turns: [{ role: 'user', content: `question ${i}` }, { role: 'assistant', content: `answer ${i}` }] }));
    const text = JSON.stringify({ goldens: records, version: 2 }, null, 2);
    const whole = feed(text, text.length, { fileName: 'g.json' });
    let held = 0;
    const parser = createStreamingParser({ fileName: 'g.json', maxJsonChars: 1000 });
    const conversations: Conversation[] = [];
    for (let i = 0; i < text.length; i += 1000) {
      conversations.push(...parser.push(text.slice(i, i + 1000)));
      held = Math.max(held, parser.buffered);
    }
    conversations.push(...parser.end());
    expect(parser.problems).toEqual(whole.parser.problems);
    expect(conversations).toHaveLength(2000);
    expect(conversations).toEqual(whole.conversations);
    expect(parser.datasetMetadata).toEqual({ version: 2 });
    // What is held stays at the format-detection sample (64 KB), not the file (over 300 KB).
    expect(text.length).toBeGreaterThan(300_000);
    expect(held).toBeLessThan(70_000);
  });

  it('refuses a JSON document that is not a list of records and is larger than the buffer limit, with one message', () => {
    const text = JSON.stringify({ turns: Array.from({ length: 50 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `message ${i}` })) });
    const { parser, conversations } = feed(text, 100, { fileName: 'one.json', maxJsonChars: 1000 });
    expect(conversations).toEqual([]);
    expect(parser.problems).toHaveLength(1);
    expect(parser.problems[0].message).toMatch(/^JSON file larger than .* convert it to JSONL/);
  });

  it('stops at the first NUL byte, whatever chunk it is in', () => {
    const text = `${fixture('deepeval-cases.jsonl')}\u0000\u0001garbage`;
    const { parser } = feed(text, 10, { fileName: 'x.jsonl' });
    expect(parser.problems).toEqual([expect.objectContaining({ severity: 'error', line: 5, message: expect.stringContaining('NUL') })]);
  });

  it('lists the role values nothing covers, in any format, and none once they are mapped', () => {
    const json = JSON.stringify([
      { messages: [{ role: 'Customer', content: 'Where is my parcel?' }, { role: 'Support', content: 'In the depot.' }] },
      { messages: [{ role: 'Customer', content: 'And now?' }, { role: 'Support', content: 'On its way.' }] },
    ]);
    expect(feed(json, 64, { fileName: 'chats.json' }).parser.unknownRoles).toEqual(['Customer', 'Support']);
    const sharegpt = JSON.stringify({ conversations: [{ from: 'Caller', value: 'Hi' }, { from: 'gpt', value: 'Hello' }] });
    expect(feed(sharegpt, 16, { fileName: 'chat.jsonl' }).parser.unknownRoles).toEqual(['Caller']);
    const mapped = feed(json, 64, { fileName: 'chats.json', roleValues: { Customer: 'user', Support: 'assistant' } });
    expect(mapped.parser.unknownRoles).toEqual([]);
    expect(mapped.parser.problems).toEqual([]);
    expect(mapped.conversations.map((c) => c.turns.map((t) => t.role))).toEqual([
      ['user', 'assistant'],
      ['user', 'assistant'],
    ]);
  });
});

