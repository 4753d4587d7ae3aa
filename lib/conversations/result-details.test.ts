import { describe, expect, it } from 'vitest';
import { parseJudgeCalls, parseResultSteps } from './result-details';

describe('parseResultSteps', () => {
  it('reads each metric\'s steps into the view its descriptor prepares', () => {
    const kr = parseResultSteps('knowledge_retention', { facts: [{ turn: 0, facts: [{ key: 'name', values: ['Alex'] }] }], attrition: [{ turn: 1, attrition: 'yes', reason: 'asks again' }] });
    expect(kr).toEqual({
      kind: 'view',
      view: [
        { title: 'Facts the user gave', empty: 'The user stated no facts to remember.', testId: 'facts', groups: [{ key: '0', heading: [{ turn: 0 }], blocks: [{ kind: 'chips', chips: [{ key: '0', label: 'name', text: 'Alex' }] }] }] },
        {
          title: 'Attrition (forgetting, contradicting or asking again)',
          empty: 'No assistant turn came after a stated fact.',
          groups: [{ key: 'attrition', blocks: [{ kind: 'verdicts', items: [{ key: '1', subject: 'Turn 2: attrition yes', verdict: 'yes', reason: 'asks again', invert: true }] }] }],
        },
      ],
    });
    const cc = parseResultSteps('context_coverage', { items: [{ turn: 1, items: [{ item: 'a', verdict: 'no', reason: 'missing' }], score: 0 }] });
    expect(cc).toMatchObject({ kind: 'view', view: [{ groups: [{ heading: [{ turn: 1 }, ' · coverage ', { score: 0 }] }] }] });
    // Steps stored before a field existed read with its default: empty sections, each saying so.
    const tf = parseResultSteps('turn_faithfulness', {});
    expect(tf).toMatchObject({ kind: 'view', view: [{ empty: 'No retrieved document.', groups: [] }, { empty: 'No window was judged.', groups: [] }] });
    // A custom metric's steps read as G-Eval's.
    const custom = parseResultSteps('refund_policy', { evaluationSteps: ['Check the date.'], turns: [{ turn: 1, score: 0.5, reason: 'late', weighted: true }] });
    expect(custom).toMatchObject({ kind: 'view', view: [{ title: 'Evaluation steps' }, { title: 'Assistant turns', groups: [{ heading: [{ turn: 1 }, ' · score ', { score: 0.5 }, ' · probability-weighted'] }] }] });
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
