import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { extractJson, isCutShort, parseReply } from './parse-reply';

describe('extractJson', () => {
  it.each([
    ['{"a":1}', { a: 1 }],
    ['  [1, 2]  ', [1, 2]],
    ['```json\n{"a": 2}\n```', { a: 2 }],
    ['Here:\n```\n{"a": 3}\n```\nDone.', { a: 3 }],
    ['The answer is {"a": "x } y"} as asked.', { a: 'x } y' }],
    ['<think>maybe {"a": 0}</think>\n{"a": 4}', { a: 4 }],
    ['Note {not json} then {"a": 5}', { a: 5 }],
    ['{"a": "quote \\" and { brace"}', { a: 'quote " and { brace' }],
  ])('finds the JSON in %j', (text, expected) => {
    expect(extractJson(text)).toEqual(expected);
  });

  it('returns undefined when there is none', () => {
    expect(extractJson('no json here')).toBeUndefined();
    expect(extractJson('{"a": 1')).toBeUndefined();
  });
});

describe('parseReply', () => {
  const schema = z.object({ verdict: z.enum(['yes', 'no']) });

  it('validates with the schema and names the failing path', () => {
    expect(parseReply('{"verdict":"yes"}', schema)).toEqual({ ok: true, output: { verdict: 'yes' } });
    const bad = parseReply('{"verdict":"maybe"}', schema);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.error).toMatch(/^verdict: /);
  });

  it('tells an empty reply from one without JSON', () => {
    expect(parseReply('  ', schema)).toEqual({ ok: false, error: 'the reply is empty' });
    expect(parseReply('yes', schema)).toEqual({ ok: false, error: 'the reply contains no valid JSON' });
  });
});

describe('isCutShort', () => {
  it('tells a reply cut mid-JSON from one without JSON or with whole JSON', () => {
    expect(isCutShort('{"verdicts":[{"index":0,"verdict":"yes"},{"ind', 'stop')).toBe(true);
    expect(isCutShort('```json\n{"reason":"becau', 'stop')).toBe(true);
    expect(isCutShort('{"reason":"because"}', 'stop')).toBe(false);
    expect(isCutShort('I think it is relevant.', 'stop')).toBe(false);
    expect(isCutShort('{"reason":"because"}', 'length')).toBe(true);
  });
});
