import { describe, expect, it } from 'vitest';
import { conversationMatchKey } from '../conversations/match-key';
import { matchKeys, numberRepeatedKeys } from './match-keys';

describe('match keys', () => {
  it('number a key that repeats within a run, in position order', () => {
    expect(numberRepeatedKeys(['name:a', 'name:b', 'name:a', 'name:a'])).toEqual(['name:a', 'name:b', 'name:a#2', 'name:a#3']);
  });

  it('match the same scenarios across two datasets whatever their order and answers', () => {
    // Two datasets of the same scenarios: answers differ, order differs, one scenario is new.
    const v1 = [
      { name: 'Refund', turns: [{ role: 'user' as const, content: 'Can I get a refund?' }, { role: 'assistant' as const, content: 'Yes, within 30 days.' }] },
      { name: 'Shipping', turns: [{ role: 'user' as const, content: 'How long is shipping?' }, { role: 'assistant' as const, content: '3 days.' }] },
      { turns: [{ role: 'user' as const, content: 'Hello there' }, { role: 'assistant' as const, content: 'Hi!' }] },
    ];
    const v2 = [
      { name: 'Shipping', turns: [{ role: 'user' as const, content: 'How long is shipping?' }, { role: 'assistant' as const, content: 'No idea.' }] },
      { turns: [{ role: 'user' as const, content: 'Hello there' }, { role: 'assistant' as const, content: 'Go away.' }] },
      { name: 'Refund', turns: [{ role: 'user' as const, content: 'Can I get a refund?' }, { role: 'assistant' as const, content: 'Never.' }] },
      { name: 'Warranty', turns: [{ role: 'user' as const, content: 'Warranty?' }, { role: 'assistant' as const, content: 'Two years.' }] },
    ];
    const keys1 = numberRepeatedKeys(v1.map((c, i) => conversationMatchKey(c, i)));
    const keys2 = numberRepeatedKeys(v2.map((c, i) => conversationMatchKey(c, i)));
    const match = matchKeys([keys1, keys2]);
    expect(match.keys).toEqual(['name:Refund', 'name:Shipping', 'first:Hello there', 'name:Warranty']);
    expect([...match.indexOf[0]]).toEqual([0, 1, 2, -1]);
    expect([...match.indexOf[1]]).toEqual([2, 0, 1, 3]);
  });

  it('pair the n-th of repeated keys with the n-th, and leave an extra one unmatched', () => {
    const match = matchKeys([numberRepeatedKeys(['name:a', 'name:a']), numberRepeatedKeys(['name:a', 'name:b', 'name:a', 'name:a'])]);
    expect(match.keys).toEqual(['name:a', 'name:a#2', 'name:b', 'name:a#3']);
    expect([...match.indexOf[0]]).toEqual([0, 1, -1, -1]);
    expect([...match.indexOf[1]]).toEqual([0, 2, 1, 3]);
  });

  it('line up three runs', () => {
    const match = matchKeys([['k1', 'k2'], ['k2'], ['k3', 'k1']]);
    expect(match.keys).toEqual(['k1', 'k2', 'k3']);
    expect(match.indexOf.map((a) => [...a])).toEqual([
      [0, 1, -1],
      [-1, 0, -1],
      [1, -1, 0],
    ]);
  });
});
