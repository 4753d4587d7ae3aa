import { describe, expect, it } from 'vitest';
import { bootstrapMeanInterval, bootstrapMeans, pairedBootstrapInterval, quantileSorted } from './bootstrap';
import { createRandom } from './random';

/** Normal draws (Box–Muller) from a seeded generator. */
function normals(n: number, mean: number, sd: number, seed: number): number[] {
  const r = createRandom(seed);
  return Array.from({ length: n }, () => mean + sd * Math.sqrt(-2 * Math.log(1 - r.next())) * Math.cos(2 * Math.PI * r.next()));
}

describe('paired bootstrap', () => {
  it('a constant shift gives a zero-width interval at that shift', () => {
    const baseline = [0.2, 0.5, 0.9, 0.4, 1, 0, 0.75, 0.3];
    const candidate = baseline.map((x) => x - 0.25);
    const ci = pairedBootstrapInterval(baseline, candidate);
    expect(ci.mean).toBeCloseTo(-0.25, 12);
    expect(ci.low).toBeCloseTo(-0.25, 12);
    expect(ci.high).toBe(ci.low);
    expect(ci.n).toBe(8);
  });

  it('a constant shift over many pairs (the grouped path) is also a point', () => {
    const baseline = Array.from({ length: 20_000 }, (_, i) => (i % 5) / 4);
    const candidate = baseline.map((x) => x + 0.5);
    const ci = pairedBootstrapInterval(baseline, candidate);
    expect(ci.low).toBeCloseTo(0.5, 12);
    expect(ci.high).toBeCloseTo(0.5, 12);
  });

  it('a seeded sample gives an interval that contains the true mean difference, of the expected width', () => {
    // True difference −0.1, noise sd 0.3 per pair, 400 pairs: standard error 0.015.
    const baseline = normals(400, 0.7, 0.2, 1);
    const noise = normals(400, -0.1, 0.3, 2);
    const candidate = baseline.map((x, i) => x + noise[i]);
    const ci = pairedBootstrapInterval(baseline, candidate);
    expect(ci.low!).toBeLessThan(-0.1);
    expect(ci.high!).toBeGreaterThan(-0.1);
    expect(ci.high!).toBeLessThan(0);
    const width = ci.high! - ci.low!;
    expect(width).toBeGreaterThan(2 * 1.96 * 0.015 * 0.8);
    expect(width).toBeLessThan(2 * 1.96 * 0.015 * 1.2);
  });

  it('covers the true difference about 95% of the time', () => {
    let covered = 0;
    const trials = 200;
    for (let t = 0; t < trials; t++) {
      const d = normals(60, 0.05, 0.2, 100 + t);
      const ci = bootstrapMeanInterval(d, { resamples: 1000, seed: t });
      if (ci.low! <= 0.05 && 0.05 <= ci.high!) covered += 1;
    }
    expect(covered / trials).toBeGreaterThan(0.88);
    expect(covered / trials).toBeLessThan(0.99);
  });

  it('is the same for the same data and seed, and changes with the seed', () => {
    const d = normals(300, 0, 1, 5);
    const a = bootstrapMeanInterval(d, { seed: 7 });
    const b = bootstrapMeanInterval(d, { seed: 7 });
    const c = bootstrapMeanInterval(d, { seed: 8 });
    expect(b).toEqual(a);
    expect(c.low).not.toBe(a.low);
  });

  it('has no interval without values', () => {
    expect(pairedBootstrapInterval([], [])).toEqual({ mean: null, low: null, high: null, n: 0 });
    expect(() => pairedBootstrapInterval([1], [])).toThrow(/length/);
  });
});

describe('bootstrap means', () => {
  it('the grouped (multinomial) resampling has the spread of single draws', () => {
    // 10,000 values of 0/0.5/1: the bootstrap sd of the mean must be sd/√n.
    const values = Array.from({ length: 10_000 }, (_, i) => [0, 0.5, 1, 1][i % 4]);
    const mean = values.reduce((s, x) => s + x, 0) / values.length;
    const sd = Math.sqrt(values.reduce((s, x) => s + (x - mean) ** 2, 0) / values.length);
    const means = bootstrapMeans(values, 4000, 3);
    const m = means.reduce((s, x) => s + x, 0) / means.length;
    const s = Math.sqrt(means.reduce((acc, x) => acc + (x - m) ** 2, 0) / means.length);
    expect(m).toBeCloseTo(mean, 3);
    expect(s / (sd / Math.sqrt(values.length))).toBeGreaterThan(0.95);
    expect(s / (sd / Math.sqrt(values.length))).toBeLessThan(1.05);
  });

  it('the direct resampling has the spread of single draws too', () => {
    const values = normals(2000, 1, 2, 9);
    const means = bootstrapMeans(values, 3000, 4);
    const m = means.reduce((s, x) => s + x, 0) / means.length;
    const s = Math.sqrt(means.reduce((acc, x) => acc + (x - m) ** 2, 0) / means.length);
    const sample = values.reduce((acc, x) => acc + x, 0) / values.length;
    const sd = Math.sqrt(values.reduce((acc, x) => acc + (x - sample) ** 2, 0) / values.length);
    expect(s / (sd / Math.sqrt(values.length))).toBeGreaterThan(0.94);
    expect(s / (sd / Math.sqrt(values.length))).toBeLessThan(1.06);
  });
});

describe('quantiles', () => {
  it('interpolate between order statistics', () => {
    expect(quantileSorted([1, 2, 3, 4, 5], 0.5)).toBe(3);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantileSorted([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1);
  });
});
