import { sampleBinomial } from './binomial';
import { createRandom } from './random';

export interface BootstrapOptions {
  /** Resamples (default 2,000). */
  resamples?: number;
  /** Seed of the generator (default DEFAULT_SEED): the same data and seed give the same interval. */
  seed?: number;
  /** Confidence level of the interval (default 0.95). */
  level?: number;
}

export interface MeanInterval {
  /** Mean of the values; null when there are none. */
  mean: number | null;
  /** Percentile interval of the bootstrapped mean; null when there are no values. */
  low: number | null;
  high: number | null;
  /** Number of values. */
  n: number;
}

export const DEFAULT_SEED = 20261122;
export const DEFAULT_RESAMPLES = 2000;
export const DEFAULT_LEVEL = 0.95;

/** Type-7 quantile (linear between order statistics) of sorted values. */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

/**
 * Means of `resamples` bootstrap resamples of `values` (n draws with replacement each).
 *
 * Scores take few distinct values (verdict fractions), so when the distinct values are few
 * against n a resample is drawn as its counts per distinct value — a multinomial, drawn as a
 * chain of exact binomials — which has the same distribution as n single draws and costs
 * about √(k·n) steps instead of n (100,000 pairs: milliseconds instead of a second).
 */
export function bootstrapMeans(values: ArrayLike<number>, resamples: number, seed: number): Float64Array {
  const n = values.length;
  const means = new Float64Array(resamples);
  if (n === 0) return means;
  const counts = new Map<number, number>();
  for (let i = 0; i < n; i++) counts.set(values[i], (counts.get(values[i]) ?? 0) + 1);
  const random = createRandom(seed);
  if (counts.size * 50 <= n) {
    // Most frequent first: each binomial then has a large share and the chain ends early.
    const groups = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    const value = Float64Array.from(groups, (g) => g[0]);
    const weight = Float64Array.from(groups, (g) => g[1]);
    for (let b = 0; b < resamples; b++) {
      let left = n;
      let weightLeft = n;
      let sum = 0;
      for (let j = 0; j < value.length && left > 0; j++) {
        const c = j === value.length - 1 ? left : sampleBinomial(left, weight[j] / weightLeft, random);
        sum += value[j] * c;
        left -= c;
        weightLeft -= weight[j];
      }
      means[b] = sum / n;
    }
    return means;
  }
  const data = Float64Array.from({ length: n }, (_, i) => values[i]);
  // The generator inlined: this loop runs resamples × n times.
  let state = random.state;
  for (let b = 0; b < resamples; b++) {
    let sum = 0;
    for (let i = 0; i < n; i++) {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      sum += data[(((t ^ (t >>> 14)) >>> 0) / 4294967296) * n | 0];
    }
    means[b] = sum / n;
  }
  return means;
}

/** Mean of values with a seeded bootstrap percentile interval. */
export function bootstrapMeanInterval(values: ArrayLike<number>, options: BootstrapOptions = {}): MeanInterval {
  const n = values.length;
  if (n === 0) return { mean: null, low: null, high: null, n: 0 };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i];
  const level = options.level ?? DEFAULT_LEVEL;
  const means = bootstrapMeans(values, options.resamples ?? DEFAULT_RESAMPLES, options.seed ?? DEFAULT_SEED).sort();
  const alpha = (1 - level) / 2;
  return { mean: sum / n, low: quantileSorted(means, alpha), high: quantileSorted(means, 1 - alpha), n };
}

/**
 * Paired bootstrap of the mean difference candidate − baseline: the matched pairs are
 * resampled together, which is resampling their differences.
 */
export function pairedBootstrapInterval(baseline: ArrayLike<number>, candidate: ArrayLike<number>, options: BootstrapOptions = {}): MeanInterval {
  if (baseline.length !== candidate.length) throw new Error(`paired samples differ in length: ${baseline.length} and ${candidate.length}`);
  const differences = new Float64Array(baseline.length);
  for (let i = 0; i < differences.length; i++) differences[i] = candidate[i] - baseline[i];
  return bootstrapMeanInterval(differences, options);
}
