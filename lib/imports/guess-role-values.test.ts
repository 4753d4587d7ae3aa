import { describe, expect, it } from 'vitest';
import { guessRoleValues } from './guess-role-values';

describe('guessRoleValues', () => {
  it('takes the first of two look-alike values as the user', () => {
    expect(guessRoleValues(['agent_1', 'agent_2'])).toEqual({ agent_1: 'user', agent_2: 'assistant' });
  });
  it('goes by the words when they tell the sides apart, whatever the order', () => {
    expect(guessRoleValues(['Support Bot', 'Customer'])).toEqual({ 'Support Bot': 'assistant', Customer: 'user' });
  });
  it('keeps the known names and maps the rest around them', () => {
    expect(guessRoleValues(['user', 'helper'])).toEqual({ user: 'user', helper: 'assistant' });
  });
});
