/**
 * mulberry32: a small seeded 32-bit generator, so that every interval Turnwise prints is the
 * same on every machine and every page view. Not for cryptography.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** The generator's state, to continue the same stream in a hand-inlined loop. */
  state: number;
}

export function createRandom(seed: number): Random {
  const random: Random = {
    state: seed >>> 0,
    next() {
      random.state = (random.state + 0x6d2b79f5) >>> 0;
      let t = random.state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
  return random;
}

/** A seed derived from a base seed and some labels (FNV-1a), so each interval has its own stream. */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (const label of labels) {
    const s = `${String(label)}\u0000`;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193) >>> 0;
    }
  }
  return h >>> 0;
}
