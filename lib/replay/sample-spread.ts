/** A turn's own reply and its extra samples, as stored. */
export interface SampledTurn {
  position: number;
  turnIndex: number;
  content: string;
  samples: { sample: number; content: string | null; error: string | null }[];
}

export interface SampleSpread {
  /** Turns with samples looked at (the first ones of the replay). */
  turns: number;
  /** Turns where some sample's text is not the turn's own. */
  differing: number;
  /** Samples that failed (the turn itself did not). */
  failed: number;
  /** Mean word overlap (Jaccard, 0–1) of each sample with its turn's own reply; null without a sample. */
  meanSimilarity: number | null;
  /** The first turns whose samples differ most, with the texts side by side (the turn's own first). */
  examples: { conversation: number; turn: number; similarity: number; texts: string[] }[];
}

const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** Word overlap of two texts: shared words over all words, 1 for two empty texts. */
export function wordOverlap(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (x.size === 0 && y.size === 0) return 1;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/** How much a replay's generations of the same turn differ from one another (samples > 1). */
export function sampleSpread(turns: SampledTurn[], exampleCount = 5): SampleSpread {
  let differing = 0;
  let failed = 0;
  const similarities: number[] = [];
  const scored: SampleSpread['examples'] = [];
  for (const turn of turns) {
    const generated = turn.samples.filter((s) => s.content !== null);
    failed += turn.samples.length - generated.length;
    if (generated.length === 0) continue;
    const overlaps = generated.map((s) => wordOverlap(turn.content, s.content!));
    similarities.push(...overlaps);
    if (generated.some((s) => s.content!.trim() !== turn.content.trim())) differing++;
    scored.push({ conversation: turn.position + 1, turn: turn.turnIndex + 1, similarity: Math.min(...overlaps), texts: [turn.content, ...generated.map((s) => s.content!)] });
  }
  return {
    turns: turns.length,
    differing,
    failed,
    meanSimilarity: similarities.length ? similarities.reduce((a, b) => a + b, 0) / similarities.length : null,
    examples: scored
      .filter((e) => e.similarity < 1)
      .sort((a, b) => a.similarity - b.similarity || a.conversation - b.conversation || a.turn - b.turn)
      .slice(0, exampleCount),
  };
}
