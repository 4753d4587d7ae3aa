import { describe, expect, it } from 'vitest';
import { failingTurnPositions } from './failing-turns';

describe('failingTurnPositions', () => {
  it('keeps each failing turn with the user message it answered, in order', () => {
    const roles = ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'];
    const failing = [false, false, false, true, false, true].map((f) => ({ failing: f }));
    expect(failingTurnPositions(failing, roles)).toEqual([2, 3, 4, 5]);
  });

  it('shows nothing when no turn failed', () => {
    expect(failingTurnPositions([{ failing: false }, { failing: false }], ['user', 'assistant'])).toEqual([]);
  });
});
