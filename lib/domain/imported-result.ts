import { z } from 'zod';

/** The judge kind of a run whose scores another tool computed (deepeval, …): Turnwise called no judge for it. */
export const IMPORTED_JUDGE_KIND = 'imported';

/**
 * What an imported result says about itself beside its score, kept as the result's steps
 * (`{ imported: … }`): which tool scored it under which name and judge, whether its per-turn
 * verdicts came with it, and the tool's own log of the scoring.
 */
export const importedDetailsSchema = z.object({
  /** The tool that scored it: 'deepeval'. */
  origin: z.string(),
  /** The metric's name in that tool ('Turn Relevancy'), when Turnwise knows it by another. */
  sourceMetric: z.string().optional(),
  /** The tool's judge model for this metric. */
  judge: z.string().optional(),
  /**
   * Per-turn verdicts: read from the tool's output (`from` says where), or not there, with why
   * ("no per-turn verdicts in this log", and what did not read).
   */
  turnVerdicts: z.discriminatedUnion('found', [
    z.object({ found: z.literal(true), from: z.string(), /** Turns that carry one (set when the run is stored). */ turns: z.number().int().min(0).optional() }),
    z.object({ found: z.literal(false), note: z.string() }),
  ]),
  /** The tool's own log of the scoring (deepeval's verbose log), cut to a bound. */
  log: z.string().optional(),
  /** Other facts the tool gave (deepeval's flaky flag…), shown as they are. */
  facts: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type ImportedDetails = z.infer<typeof importedDetailsSchema>;

/** An imported result's details from its stored steps; null for a result Turnwise scored. */
export function importedDetailsOf(steps: unknown): ImportedDetails | null {
  if (typeof steps !== 'object' || steps === null || !('imported' in steps)) return null;
  const parsed = importedDetailsSchema.safeParse((steps as { imported: unknown }).imported);
  return parsed.success ? parsed.data : null;
}
