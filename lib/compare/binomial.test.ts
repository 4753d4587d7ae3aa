import { describe, expect, it } from 'vitest';
import { logFactorial, sampleBinomial } from './binomial';
import { createRandom } from './random';

describe('binomial draws', () => {
  it.each([
    [10, 0.3],
    [1000, 0.02],
    [100_000, 0.5],
    [50_000, 0.97],
    [30, 0.95],
  ])('Binomial(%i, %f) has its mean and variance', (n, p) => {
    const r = createRandom(n);
    const draws = Array.from({ length: 20_000 }, () => sampleBinomial(n, p, r));
    const mean = draws.reduce((s, x) => s + x, 0) / draws.length;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / draws.length;
    const sd = Math.sqrt(n * p * (1 - p));
    expect(Math.abs(mean - n * p)).toBeLessThan((4 * sd) / Math.sqrt(draws.length) + 1e-9);
    expect(variance / (n * p * (1 - p))).toBeGreaterThan(0.94);
    expect(variance / (n * p * (1 - p))).toBeLessThan(1.06);
    expect(draws.every((x) => Number.isInteger(x) && x >= 0 && x <= n)).toBe(true);
  });

  it('matches the probabilities of a small case', () => {
    const r = createRandom(1);
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 40_000; i++) counts[sampleBinomial(3, 0.4, r)] += 1;
    const expected = [0.216, 0.432, 0.288, 0.064];
    counts.forEach((c, k) => expect(Math.abs(c / 40_000 - expected[k])).toBeLessThan(0.01));
  });

  it('handles the edges', () => {
    const r = createRandom(2);
    expect(sampleBinomial(0, 0.5, r)).toBe(0);
    expect(sampleBinomial(10, 0, r)).toBe(0);
    expect(sampleBinomial(10, 1, r)).toBe(10);
  });

  it('log factorials agree across the table and Stirling', () => {
    let exact = 0;
    for (let k = 2; k <= 300; k++) exact += Math.log(k);
    expect(logFactorial(300)).toBeCloseTo(exact, 9);
    expect(logFactorial(0)).toBe(0);
  });
});
