import { describe, expect, it } from 'vitest';
import { parseJudgeCalls, parseResultSteps } from './result-details';

describe('parseResultSteps', () => {
  it('reads each metric\'s steps', () => {
    const kr = parseResultSteps('knowledge_retention', { facts: [{ turn: 0, facts: [{ key: 'name', values: ['Alex'] }] }], attrition: [{ turn: 1, attrition: 'yes', reason: 'asks again' }] });
    expect(kr).toMatchObject({ kind: 'knowledge_retention', steps: { facts: [{ turn: 0 }], attrition: [{ attrition: 'yes' }] } });
    const cc = parseResultSteps('context_coverage', { items: [{ turn: 1, items: [{ item: 'a', verdict: 'no', reason: 'missing' }], score: 0 }] });
    expect(cc.kind).toBe('context_coverage');
    const tf = parseResultSteps('turn_faithfulness', {});
    expect(tf).toEqual({ kind: 'turn_faithfulness', steps: { truths: [], claims: [], windows: [], turns: [] } });
  });

  it('shows steps it cannot read as raw JSON', () => {
    expect(parseResultSteps('context_coverage', { items: [{ turn: 'one' }] })).toMatchObject({ kind: 'raw' });
    expect(parseResultSteps('my_metric', { a: 1 })).toEqual({ kind: 'raw', json: '{\n  "a": 1\n}' });
  });
});

describe('parseJudgeCalls', () => {
  it('keeps the readable call records and counts the others', () => {
    const r = parseJudgeCalls([{ step: 'reason', cacheKey: 'k', cached: false, promptTokens: 10, completionTokens: 2 }, { nope: true }]);
    expect(r.calls).toEqual([{ step: 'reason', cacheKey: 'k', cached: false, promptTokens: 10, completionTokens: 2 }]);
    expect(r.unreadable).toBe(1);
    expect(parseJudgeCalls(null)).toEqual({ calls: [], unreadable: 0 });
  });

  it('keeps the cause of each retry a call needed, so the conversation view can list them', () => {
    const retries = [
      { attempt: 1, cause: '429 rate limited (retry-after 2 s)' },
      { attempt: 2, cause: 'invalid reply: verdicts: expected array' },
    ];
    const r = parseJudgeCalls([{ step: 'turn_faithfulness.claims', cacheKey: 'k', cached: false, promptTokens: 1, completionTokens: 1, retries }]);
    expect(r.calls[0].retries).toEqual(retries);
  });
});
