import type { Random } from './random';

const HALF_LOG_2PI = 0.5 * Math.log(2 * Math.PI);
const SMALL = 256;
const LOG_FACTORIALS = (() => {
  const table = new Float64Array(SMALL);
  for (let i = 2; i < SMALL; i++) table[i] = table[i - 1] + Math.log(i);
  return table;
})();

/**
 * ln(k!): exact sums below 256, else Stirling's series to the 1/k⁵ term (error below 1e-17
 * relative there), which is all the binomial sampler needs.
 */
export function logFactorial(k: number): number {
  if (k < SMALL) return LOG_FACTORIALS[k];
  const x = k + 1;
  const inv = 1 / x;
  const inv2 = inv * inv;
  return (x - 0.5) * Math.log(x) - x + HALF_LOG_2PI + inv * (1 / 12 - inv2 * (1 / 360 - inv2 / 1260));
}

/**
 * One draw from Binomial(n, p), exact: inversion that starts at the mode and walks outwards
 * (m, m+1, m−1, m+2, …), so a draw costs about 1.6 standard deviations of steps instead of n.
 * The probabilities of neighbours come from the ratio f(k+1)/f(k) = (n−k)/(k+1) · p/q.
 */
export function sampleBinomial(n: number, p: number, random: Random): number {
  if (n <= 0 || p <= 0) return 0;
  if (p >= 1) return n;
  const q = 1 - p;
  const mode = Math.min(n, Math.floor((n + 1) * p));
  const atMode = Math.exp(logFactorial(n) - logFactorial(mode) - logFactorial(n - mode) + mode * Math.log(p) + (n - mode) * Math.log(q));
  let u = random.next() - atMode;
  if (u < 0) return mode;
  const ratio = p / q;
  let lo = mode;
  let hi = mode;
  let pLo = atMode;
  let pHi = atMode;
  for (;;) {
    let moved = false;
    if (hi < n) {
      pHi *= ((n - hi) / (hi + 1)) * ratio;
      hi += 1;
      u -= pHi;
      if (u < 0) return hi;
      moved = true;
    }
    if (lo > 0) {
      pLo *= lo / ((n - lo + 1) * ratio);
      lo -= 1;
      u -= pLo;
      if (u < 0) return lo;
      moved = true;
    }
    // Rounding can leave a sliver of probability unassigned once every outcome was visited.
    if (!moved) return mode;
  }
}
