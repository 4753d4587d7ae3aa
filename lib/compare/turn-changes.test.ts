import { describe, expect, it } from 'vitest';
import type { AlignedCell, AlignedTurn } from './align-turns';
import { REWRITTEN_SHARE, replyChange, turnChanged, turnRows, wordDiff } from './turn-changes';

const cell = (content: string, verdicts: [string, string][] = [], role = 'assistant'): AlignedCell => ({
  role,
  content,
  verdicts: verdicts.map(([metric, verdict]) => ({ metric, verdict, reason: '', worse: false, better: false, onRetrieval: false })),
});
const turn = (index: number, ...cells: (AlignedCell | null)[]): AlignedTurn => ({ index, cells, regressedMetrics: [], regressedRetrieval: [] });

describe('turnChanged', () => {
  it('sees a changed reply, a changed or missing verdict, and a missing copy', () => {
    expect(turnChanged(turn(0, cell('Hi', [['m', 'yes']]), cell('Hi', [['m', 'yes']])))).toBe(false);
    expect(turnChanged(turn(0, cell('Hi'), cell('Hello')))).toBe(true);
    expect(turnChanged(turn(0, cell('Hi', [['m', 'yes']]), cell('Hi', [['m', 'no']])))).toBe(true);
    expect(turnChanged(turn(0, cell('Hi', [['m', 'yes']]), cell('Hi')))).toBe(true);
    expect(turnChanged(turn(0, cell('Hi'), null))).toBe(true);
    expect(turnChanged(turn(0, cell('Hi'), cell('Hi'), cell('Hi', [], 'user')))).toBe(true);
  });
});

describe('turnRows', () => {
  const same = (i: number) => turn(i, cell(`t${i}`), cell(`t${i}`));
  const changed = (i: number) => turn(i, cell(`t${i}`), cell(`other ${i}`));
  const turns = [same(0), same(1), changed(2), same(3), changed(4), same(5), same(6), same(7)];

  it('keeps every turn, marked, when not asked to collapse', () => {
    const rows = turnRows(turns, false);
    expect(rows.map((r) => (r.kind === 'turn' ? [r.turn.index, r.changed] : r.kind))).toEqual([
      [0, false],
      [1, false],
      [2, true],
      [3, false],
      [4, true],
      [5, false],
      [6, false],
      [7, false],
    ]);
  });

  it('folds each run of unchanged turns into one row with its span', () => {
    expect(turnRows(turns, true)).toEqual([
      { kind: 'unchanged', first: 0, last: 1, count: 2 },
      { kind: 'turn', turn: turns[2], changed: true },
      { kind: 'unchanged', first: 3, last: 3, count: 1 },
      { kind: 'turn', turn: turns[4], changed: true },
      { kind: 'unchanged', first: 5, last: 7, count: 3 },
    ]);
  });
});

describe('wordDiff', () => {
  it('marks whole words added and removed, and keeps the rest', () => {
    const parts = wordDiff('Your refund arrives in 5 days.', 'Your refund arrives in 30 days.');
    expect(parts.filter((p) => p.change === 'removed').map((p) => p.text.trim())).toEqual(['5']);
    expect(parts.filter((p) => p.change === 'added').map((p) => p.text.trim())).toEqual(['30']);
    expect(parts.filter((p) => p.change !== 'removed').map((p) => p.text).join('')).toBe('Your refund arrives in 30 days.');
    expect(parts.filter((p) => p.change !== 'added').map((p) => p.text).join('')).toBe('Your refund arrives in 5 days.');
  });

  it('is all the same for equal text', () => {
    expect(wordDiff('a b', 'a b')).toEqual([{ text: 'a b', change: 'same' }]);
  });
});

describe('replyChange', () => {
  it('keeps the word diff for an edited reply', () => {
    const change = replyChange('The shipping for order 2041 is finished on Friday.', 'The shipping is finished on Friday. What is your order number?');
    expect(change.kind).toBe('diff');
  });

  it('calls a reply rewritten when most of it changed, so the two replies are shown as they are', () => {
    const change = replyChange('Your refund arrives in 5 days by bank transfer.', 'Sorry, I cannot help with that; please call our support line.');
    expect(change).toMatchObject({ kind: 'rewritten' });
    expect(change.kind === 'rewritten' && change.changedShare).toBeGreaterThan(REWRITTEN_SHARE);
  });
});
