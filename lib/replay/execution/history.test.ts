import { describe, expect, it } from 'vitest';
import { historyBefore } from './history';

const turns = [
  { id: 'a', index: 0, role: 'user', content: 'Hi' },
  { id: 'b', index: 1, role: 'assistant', content: 'Hello (recorded)' },
  { id: 'c', index: 2, role: 'user', content: 'Refund?' },
  { id: 'd', index: 3, role: 'assistant', content: 'Yes (recorded)' },
];

describe('historyBefore', () => {
  it('gives the recorded messages before the turn (teacher-forced)', () => {
    expect(historyBefore(turns, 3)).toEqual([
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello (recorded)' },
      { role: 'user', content: 'Refund?' },
    ]);
    expect(historyBefore(turns, 1)).toEqual([{ role: 'user', content: 'Hi' }]);
  });

  it('carries the regenerated replies in place of the recorded ones (on-policy)', () => {
    expect(historyBefore(turns, 3, new Map([[1, 'Hello (new)']]))[1]).toEqual({ role: 'assistant', content: 'Hello (new)' });
  });
});
