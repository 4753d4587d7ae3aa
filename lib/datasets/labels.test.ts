import { describe, expect, it } from 'vitest';
import { labelColumnMetric } from './labels';
import { parseDataset } from './parse-dataset';

const errors = (r: ReturnType<typeof parseDataset>) => r.problems.filter((p) => p.severity === 'error');

describe('human labels in a dataset file', () => {
  it('are read from a turn of deepeval JSON and JSONL, pass/fail and booleans meaning yes/no', () => {
    const record = { id: 'a', turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello', labels: { turn_faithfulness: 'fail', conversation_relevancy: true } }] };
    for (const [text, fileName] of [[JSON.stringify([record]), 'a.json'], [JSON.stringify(record), 'a.jsonl']] as const) {
      const r = parseDataset(text, { fileName });
      expect(errors(r)).toEqual([]);
      expect(r.conversations[0].turns[1].labels).toEqual({ turn_faithfulness: 'no', conversation_relevancy: 'yes' });
      // Not kept twice as metadata.
      expect(r.conversations[0].turns[1].metadata).toBeUndefined();
    }
  });

  it('are read from "Label: <metric>" columns of a CSV, one row per turn or per case', () => {
    const long = 'conversation_id,role,content,Label: conversation_relevancy\nc1,user,Where is it?,\nc1,assistant,At the depot.,yes\nc2,user,Where?,\nc2,assistant,Bananas.,no\n';
    const r = parseDataset(long, { fileName: 'long.csv' });
    expect(r.format).toBe('long-csv');
    expect(errors(r)).toEqual([]);
    expect(r.conversations.map((c) => c.turns[1].labels)).toEqual([{ conversation_relevancy: 'yes' }, { conversation_relevancy: 'no' }]);
    expect(r.conversations[0].turns[0].labels).toBeUndefined();

    const cases = 'input,actual_output,label_turn_faithfulness\nWhere is it?,At the depot.,pass\n';
    const d = parseDataset(cases, { fileName: 'cases.csv' });
    expect(d.format).toBe('deepeval-csv');
    expect(errors(d)).toEqual([]);
    expect(d.conversations[0].turns[1].labels).toEqual({ turn_faithfulness: 'yes' });
  });

  it('refuse a value that is not a verdict, naming the line and column', () => {
    const long = 'conversation_id,role,content,Label: conversation_relevancy\nc1,user,Where is it?,\nc1,assistant,At the depot.,maybe\n';
    const r = parseDataset(long, { fileName: 'long.csv' });
    expect(errors(r)).toEqual([expect.objectContaining({ line: 3, field: 'Label: conversation_relevancy', message: 'a label is "yes" or "no" (or pass/fail), found "maybe"' })]);
    const json = parseDataset(JSON.stringify([{ turns: [{ role: 'assistant', content: 'x', labels: { 'Bad Name': 'yes' } }] }]), { fileName: 'a.json' });
    expect(errors(json)[0]).toMatchObject({ field: 'turns[0].labels.Bad Name' });
  });

  it('name their metric in the column header', () => {
    expect(labelColumnMetric('Label: turn_faithfulness')).toBe('turn_faithfulness');
    expect(labelColumnMetric('label_conversation_relevancy')).toBe('conversation_relevancy');
    expect(labelColumnMetric('Labels - Refund Policy')).toBe('refund_policy');
    expect(labelColumnMetric('labelled')).toBeNull();
    expect(labelColumnMetric('content')).toBeNull();
  });
});
