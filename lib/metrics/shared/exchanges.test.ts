import { describe, expect, it } from 'vitest';
import type { Turn } from '../../domain/conversation';
import { exchangeMessages, segmentExchanges } from './exchanges';

const u = (content: string): Turn => ({ role: 'user', content });
const a = (content: string): Turn => ({ role: 'assistant', content });

describe('segmentExchanges', () => {
  it('splits alternating turns into one exchange per user→assistant pair, ending at the reply', () => {
    const exchanges = segmentExchanges([u('q1'), a('r1'), u('q2'), a('r2')]);
    expect(exchanges.map((e) => e.turns)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(exchanges.map((e) => e.endTurn)).toEqual([1, 3]);
    expect(exchanges[1]).toMatchObject({ userMessage: 'q2', assistantMessage: 'r2' });
  });

  it('merges consecutive turns of the same role into one side', () => {
    const exchanges = segmentExchanges([u('q1'), u('more'), a('r1'), a('r1b'), u('q2'), a('r2')]);
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]).toMatchObject({
      userTurns: [0, 1],
      replyTurns: [2, 3],
      userMessage: 'q1\nmore',
      assistantMessage: 'r1\nr1b',
      endTurn: 3,
    });
  });

  it('joins a leading assistant greeting to the first exchange', () => {
    const exchanges = segmentExchanges([a('hello'), u('q1'), a('r1'), u('q2'), a('r2')]);
    expect(exchanges).toHaveLength(2);
    expect(exchanges[0]).toMatchObject({ greetingTurns: [0], userTurns: [1], replyTurns: [2], turns: [0, 1, 2], endTurn: 2 });
    expect(exchangeMessages([a('hello'), u('q1'), a('r1')], exchanges[0]).map((m) => m.role)).toEqual([
      'assistant',
      'user',
      'assistant',
    ]);
  });

  it('does not score a trailing user turn', () => {
    const exchanges = segmentExchanges([u('q1'), a('r1'), u('q2')]);
    expect(exchanges.map((e) => e.turns)).toEqual([[0, 1]]);
  });

  it('has zero exchanges without an assistant reply', () => {
    expect(segmentExchanges([])).toEqual([]);
    expect(segmentExchanges([u('q1'), u('q2')])).toEqual([]);
    expect(segmentExchanges([a('hello'), u('q1')])).toEqual([]);
  });
});
