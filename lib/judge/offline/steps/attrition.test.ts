import { describe, expect, it } from 'vitest';
import { OFFLINE_PREFIX } from './reason-prefix';
import { judgeAttrition } from './attrition';

const knowledge = [
  { turn: 0, facts: [{ key: 'full name', values: ['Jane Doe'] }] },
  { turn: 2, facts: [{ key: 'bank account number', values: ['12345678'] }] },
];
const judge = (message: string, k = knowledge) => judgeAttrition({ message, previousTurns: [], knowledge: k });

describe('knowledge_retention.attrition (offline)', () => {
  it('flags a question that asks again for a name already given', () => {
    const out = judge('Thanks! Could you remind me of your full name?');
    expect(out.attrition).toBe('yes');
    expect(out.reason).toMatch(/full name/);
  });

  it('flags asking again for an account number already given', () => {
    expect(judge('What is your bank account number?').attrition).toBe('yes');
    expect(judge('Please provide your account number.').attrition).toBe('yes');
  });

  it('does not flag a request to double-check a value', () => {
    expect(judge('This account number seems invalid, can you double-check it?').attrition).toBe('no');
    expect(judge('Is your account number 12345678?').attrition).toBe('no');
  });

  it('flags a contradicting number for the same key', () => {
    expect(judge('I have updated bank account number 99990000 for you.').attrition).toBe('yes');
  });

  it('flags using a value the user has since corrected', () => {
    const corrected = [...knowledge, { turn: 4, facts: [{ key: 'full name', values: ['Jane Smith'] }] }];
    expect(judge('Thank you, Jane Doe, your transfer is scheduled.', corrected).attrition).toBe('yes');
  });

  it('passes a reply that uses what it was told', () => {
    const out = judge('Thank you Jane, the transfer to account 12345678 is on its way.');
    expect(out).toEqual({ attrition: 'no', reason: expect.stringMatching(/^\[offline heuristic judge\] /) });
    expect(out.reason.startsWith(OFFLINE_PREFIX)).toBe(true);
  });
});
