import { describe, expect, it } from 'vitest';
import { turnFaithfulnessScore, turnVerdict, windowScore } from './score';

const lenient = { penalizeAmbiguousClaims: false, strictMode: false };

describe('windowScore', () => {
  it('counts every verdict that is not "no"', () => {
    expect(windowScore(['yes', 'idk', 'no', 'yes'], lenient)).toBe(0.75);
  });
  it('subtracts idk verdicts when ambiguous claims are penalised', () => {
    expect(windowScore(['yes', 'idk', 'no', 'yes'], { ...lenient, penalizeAmbiguousClaims: true })).toBe(0.5);
  });
  it('is 1 with no claims', () => {
    expect(windowScore([], { penalizeAmbiguousClaims: true, strictMode: true })).toBe(1);
  });
  it('turns a window below 1 into 0 in strict mode', () => {
    expect(windowScore(['yes', 'no'], { ...lenient, strictMode: true })).toBe(0);
    expect(windowScore(['yes', 'idk'], { ...lenient, strictMode: true })).toBe(1);
  });
});

describe('turnFaithfulnessScore', () => {
  it('is the mean of window scores, 1 with no windows', () => {
    expect(turnFaithfulnessScore([1, 0.5, 0])).toBe(0.5);
    expect(turnFaithfulnessScore([])).toBe(1);
  });
});

describe('turnVerdict', () => {
  it('fails a turn on a contradicted claim, and on an unsupported one only when ambiguous claims are penalised', () => {
    expect(turnVerdict(['yes', 'idk', 'no'], { penalizeAmbiguousClaims: false })).toBe('no');
    expect(turnVerdict(['yes', 'idk'], { penalizeAmbiguousClaims: false })).toBe('idk');
    expect(turnVerdict(['yes', 'idk'], { penalizeAmbiguousClaims: true })).toBe('no');
    expect(turnVerdict(['yes'], { penalizeAmbiguousClaims: true })).toBe('yes');
    expect(turnVerdict([], { penalizeAmbiguousClaims: true })).toBe('yes');
  });
});
