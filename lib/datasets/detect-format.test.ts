import { describe, expect, it } from 'vitest';
import { fixture } from '../../tests/fixtures/datasets/fixtures';
import { detectFormat } from './detect-format';

describe('detectFormat', () => {
  it.each([
    ['deepeval-bank-account.json', 'deepeval-json'],
    ['deepeval-goldens.json', 'deepeval-json'],
    ['deepeval-cases.jsonl', 'deepeval-jsonl'],
    ['deepeval.csv', 'deepeval-csv'],
    ['openai-chat.jsonl', 'openai-jsonl'],
    ['sharegpt.json', 'sharegpt-json'],
    ['sharegpt.jsonl', 'sharegpt-jsonl'],
    ['long.csv', 'long-csv'],
    ['mastra-cases.json', 'mastra-json'],
  ])('%s → %s, from the content alone', (name, format) => {
    expect(detectFormat(fixture(name)).format).toBe(format);
    expect(detectFormat(fixture(name), name).format).toBe(format);
  });

  it('lets content win over a misleading extension', () => {
    expect(detectFormat(fixture('openai-chat.jsonl'), 'chats.json').format).toBe('openai-jsonl');
    expect(detectFormat(fixture('long.csv'), 'turns.json').format).toBe('long-csv');
  });

  it('uses the extension for a single JSON object on one line', () => {
    const one = JSON.stringify({ turns: [{ role: 'user', content: 'hi' }] });
    expect(detectFormat(one, 'case.json').format).toBe('deepeval-json');
    expect(detectFormat(one, 'cases.jsonl').format).toBe('deepeval-jsonl');
  });

  it('recognises an old deepeval case with messages of input/actual_output as deepeval, not OpenAI', () => {
    const text = JSON.stringify([{ messages: [{ input: 'hi', actual_output: 'hello' }] }]);
    expect(detectFormat(text).format).toBe('deepeval-json');
  });

  it('detects from a sample cut in the middle of a JSON document', () => {
    const text = fixture('deepeval-goldens.json');
    expect(detectFormat(text.slice(0, 600)).format).toBe('deepeval-json');
  });

  it('says what it found when it is none of the formats', () => {
    expect(detectFormat('')).toMatchObject({ format: null, reason: 'empty file' });
    expect(detectFormat('{"foo": 1}\n{"foo": 2}\n')).toMatchObject({ format: null });
    expect(detectFormat('{"foo": 1}\n{"foo": 2}\n').reason).toContain('JSONL records with foo');
    expect(detectFormat('name,age\nana,3\n').reason).toContain('has none of the columns we know');
    expect(detectFormat('a\0b').reason).toContain('binary');
  });

  it('says which export to make instead of promptfoo’s CSV output or a LangSmith dataset CSV', () => {
    // promptfoo's CSV header (src/util/eval/evalTableUtils.ts, buildCsvHeaders): vars, then per prompt its output and grading columns.
    const promptfoo = 'question,[support-bot] prompts/support.json,Status,Score,Named Scores,Grader Reason,Comment\nHi,Hello,PASS,1.00,,All assertions passed,\n';
    expect(detectFormat(promptfoo, 'results.csv')).toEqual({ format: null, confidence: 'high', reason: expect.stringContaining('export promptfoo eval -o results.json') });
    expect(detectFormat('inputs,outputs\n"{""question"": ""hi""}","{""answer"": ""hello""}"\n', 'ds.csv').reason).toContain('export the dataset as JSONL instead');
  });
});
