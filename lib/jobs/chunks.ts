/** Conversations per chunk: the unit a worker takes (a pg-boss job, or a step of a SQLite run). */
export const DEFAULT_CHUNK_SIZE = 10;

/** Position ranges [from, to) covering `count` conversations, `size` at a time. */
export function chunkRanges(count: number, size: number = DEFAULT_CHUNK_SIZE): { from: number; to: number }[] {
  const step = Math.max(1, Math.floor(size));
  const ranges: { from: number; to: number }[] = [];
  for (let from = 0; from < count; from += step) ranges.push({ from, to: Math.min(count, from + step) });
  return ranges;
}
