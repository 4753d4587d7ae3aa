import { describe, expect, it } from 'vitest';
import { judgeCoverage } from './coverage';

describe('context_coverage.coverage (offline)', () => {
  it('marks the context items the output covers', () => {
    const out = judgeCoverage({
      input: 'What security features does the app have?',
      output: 'The app uses end-to-end encryption and supports two-factor authentication.',
      context: ['End-to-end encryption', 'Two-factor authentication', 'Biometric login', 'Automatic security audits'],
    });
    expect(Object.keys(out.verdicts)).toEqual(['1', '2', '3', '4']);
    expect(Object.values(out.verdicts).map((v) => v.verdict)).toEqual(['yes', 'yes', 'no', 'no']);
  });

  it('requires the numbers and names of an item', () => {
    const out = judgeCoverage({ input: 'q', output: 'The plan costs 20 dollars a month.', context: ['The plan costs 25 dollars a month'] });
    expect(out.verdicts['1'].verdict).toBe('no');
    expect(out.verdicts['1'].reason).toMatch(/25/);
  });
});
