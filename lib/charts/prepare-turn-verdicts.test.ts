import { describe, expect, it } from 'vitest';
import { prepareTurnVerdicts } from './prepare-turn-verdicts';
import { CELL_STYLES } from './verdict-palette';

describe('prepareTurnVerdicts', () => {
  const roles = ['user', 'assistant', 'user', 'assistant', 'assistant'];
  const verdicts = [
    { metric: 'turn_faithfulness', turnIndex: 3, verdict: 'no', score: 0.5, reason: 'The claim contradicts the document.' },
    { metric: 'knowledge_retention', turnIndex: 3, verdict: 'yes', score: null, reason: 'Keeps the name.' },
    { metric: 'conversation_relevancy', turnIndex: 1, verdict: 'idk', score: null, reason: 'Vague.' },
    { metric: 'conversation_relevancy', turnIndex: 9, verdict: 'no', score: null, reason: 'Out of range: dropped.' },
  ];

  it('puts every metric\'s verdict beside its turn, metrics in their usual order, and marks the failing turn', () => {
    const v = prepareTurnVerdicts(roles, verdicts);
    expect(v.turns).toHaveLength(5);
    expect(v.turns[3].chips.map((c) => c.metric)).toEqual(['knowledge_retention', 'turn_faithfulness']);
    expect(v.turns[3]).toMatchObject({ failing: true, state: 'no', colour: CELL_STYLES.no.colour });
    expect(v.turns[3].chips[1]).toMatchObject({ label: 'Failed', score: '0.50', reason: 'The claim contradicts the document.', title: 'Turn faithfulness' });
    expect(v.turns[3].chips[0].score).toBeNull();
    expect(v.turns[1]).toMatchObject({ failing: false, state: 'idk' });
    expect(v.firstFailingTurn).toBe(3);
    expect(v.failingTurns).toBe(1);
  });

  it('tells user turns from assistant turns nothing judged', () => {
    const v = prepareTurnVerdicts(roles, verdicts);
    expect(v.turns[0]).toMatchObject({ state: 'user', chips: [] });
    expect(v.turns[4]).toMatchObject({ state: 'unjudged', chips: [] });
  });

  it('puts the verdicts of metrics that judge the retrieval context on it, never making the reply a failing turn', () => {
    const v = prepareTurnVerdicts(
      ['user', 'assistant'],
      [
        { metric: 'turn_contextual_relevancy', turnIndex: 1, verdict: 'no', score: 0.5, reason: 'Half the statements are off the question.' },
        { metric: 'turn_contextual_precision', turnIndex: 1, verdict: 'yes', score: 1, reason: 'Ranked well.' },
        { metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes', score: null, reason: 'On topic.' },
      ],
    );
    expect(v.turns[1]).toMatchObject({ failing: false, state: 'yes' });
    expect(v.turns[1].chips.map((c) => c.metric)).toEqual(['conversation_relevancy']);
    expect(v.turns[1].retrieval).toMatchObject({ failing: true, state: 'no' });
    expect(v.turns[1].retrieval.chips.map((c) => c.metric)).toEqual(['turn_contextual_precision', 'turn_contextual_relevancy']);
    expect(v).toMatchObject({ firstFailingTurn: null, failingTurns: 0, failingRetrievals: 1 });
  });

  it('has no failing turn when nothing failed', () => {
    const v = prepareTurnVerdicts(['user', 'assistant'], [{ metric: 'x', turnIndex: 1, verdict: 'yes', score: 1, reason: 'ok' }]);
    expect(v.firstFailingTurn).toBeNull();
    expect(v.failingTurns).toBe(0);
  });
});
