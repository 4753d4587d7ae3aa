/** Exchanges max(0, i-k+1) … i: the window that exchange i ends (window size counts exchanges). */
export function windowFor<T>(exchanges: T[], i: number, size: number): T[] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`window size must be a positive integer, got ${size}`);
  return exchanges.slice(Math.max(0, i - size + 1), i + 1);
}

