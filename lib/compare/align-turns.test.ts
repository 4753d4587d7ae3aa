import { describe, expect, it } from 'vitest';
import { alignTurns, type SideConversation, regressedTurnIndices } from './align-turns';

const turns = (...contents: string[]) => contents.map((content, index) => ({ index, role: index % 2 ? 'assistant' : 'user', content }));

describe('side-by-side turns', () => {
  const baseline: SideConversation = {
    turns: turns('Hi', 'Hello, how can I help?', 'Refund?', 'Within 30 days.'),
    verdicts: [
      { metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes', reason: 'greets' },
      { metric: 'conversation_relevancy', turnIndex: 3, verdict: 'yes', reason: 'answers' },
      { metric: 'knowledge_retention', turnIndex: 3, verdict: 'idk', reason: 'unsure' },
    ],
  };
  const candidate: SideConversation = {
    turns: turns('Hi', 'Hello!', 'Refund?', 'Try our lemon cake.', 'What?', 'Cake.'),
    verdicts: [
      { metric: 'conversation_relevancy', turnIndex: 1, verdict: 'yes', reason: 'greets' },
      { metric: 'knowledge_retention', turnIndex: 3, verdict: 'yes', reason: 'fine' },
      { metric: 'conversation_relevancy', turnIndex: 3, verdict: 'no', reason: 'off topic' },
      { metric: 'conversation_relevancy', turnIndex: 5, verdict: 'no', reason: 'off topic' },
    ],
  };

  it('aligns the turns by position, the longer copy past the end of the shorter', () => {
    const aligned = alignTurns([baseline, candidate], ['knowledge_retention', 'conversation_relevancy']);
    expect(aligned.map((t) => t.cells.map((c) => c?.content ?? null))).toEqual([
      ['Hi', 'Hi'],
      ['Hello, how can I help?', 'Hello!'],
      ['Refund?', 'Refund?'],
      ['Within 30 days.', 'Try our lemon cake.'],
      [null, 'What?'],
      [null, 'Cake.'],
    ]);
  });

  it('marks the turn whose verdict got worse, and only for that metric', () => {
    const aligned = alignTurns([baseline, candidate], ['knowledge_retention', 'conversation_relevancy']);
    expect(aligned.map((t) => t.regressedMetrics)).toEqual([[], [], [], ['conversation_relevancy'], [], []]);
    const cell = aligned[3].cells[1]!;
    expect(cell.verdicts).toEqual([
      { metric: 'knowledge_retention', verdict: 'yes', reason: 'fine', worse: false, better: true, onRetrieval: false },
      { metric: 'conversation_relevancy', verdict: 'no', reason: 'off topic', worse: true, better: false, onRetrieval: false },
    ]);
    // A verdict the baseline has no counterpart for is shown, not compared.
    expect(aligned[5].cells[1]!.verdicts[0]).toMatchObject({ verdict: 'no', worse: false });
  });

  it('counts a worse verdict on the retrieval context as the retrieval regressing, not the reply', () => {
    const side = (verdict: string): SideConversation => ({ turns: turns('Hours?', 'At 9.'), verdicts: [{ metric: 'turn_contextual_relevancy', turnIndex: 1, verdict, reason: '' }] });
    const [, reply] = alignTurns([side('yes'), side('no')], []);
    expect(reply).toMatchObject({ regressedMetrics: [], regressedRetrieval: ['turn_contextual_relevancy'] });
    expect(reply.cells[1]!.verdicts[0]).toMatchObject({ onRetrieval: true, worse: true });
  });

  it('compares every candidate with the baseline, and keeps a missing copy empty', () => {
    const aligned = alignTurns([baseline, null, candidate], []);
    expect(aligned[3].cells[1]).toBeNull();
    expect(aligned[3].regressedMetrics).toEqual(['conversation_relevancy']);
  });
});

describe('side-by-side turns: errored units', () => {
  it('treats a turn the judge failed on as missing, neither a regression nor an improvement', () => {
    const base: SideConversation = {
      turns: turns('Hi', 'Hello', 'Refund?', 'Within 30 days.'),
      verdicts: [
        { metric: 'turn_faithfulness', turnIndex: 1, verdict: 'yes', reason: 'ok' },
        { metric: 'turn_faithfulness', turnIndex: 3, verdict: 'error', reason: 'AppError: 429' },
      ],
    };
    const next: SideConversation = {
      turns: base.turns,
      verdicts: [
        { metric: 'turn_faithfulness', turnIndex: 1, verdict: 'error', reason: 'AppError: 500' },
        { metric: 'turn_faithfulness', turnIndex: 3, verdict: 'no', reason: 'contradicted' },
      ],
    };
    const aligned = alignTurns([base, next], ['turn_faithfulness']);
    expect(aligned.map((t) => t.regressedMetrics)).toEqual([[], [], [], []]);
    expect(aligned[1].cells[1]!.verdicts[0]).toMatchObject({ verdict: 'error', worse: false, better: false });
  });
});

describe('regressedTurnIndices', () => {
  const v = (turnIndex: number, verdict: string) => ({ turnIndex, verdict });
  it('lists the turns where some candidate judged worse than the baseline, once each, in order', () => {
    const base = [v(1, 'yes'), v(3, 'yes'), v(5, 'idk'), v(7, 'no')];
    const one = [v(1, 'yes'), v(3, 'no'), v(5, 'no'), v(7, 'no')];
    const two = [v(5, 'no'), v(1, 'idk'), v(9, 'no')];
    expect(regressedTurnIndices([base, one, two])).toEqual([1, 3, 5]);
  });
  it('compares nothing without a baseline verdict, and ignores errors', () => {
    expect(regressedTurnIndices([[], [v(1, 'no')]])).toEqual([]);
    expect(regressedTurnIndices([[v(1, 'yes')], [v(1, 'error')]])).toEqual([]);
  });
});
