import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** Bounds of `scale`: a percentage or a per-mille is the largest anyone asks for, and a tiny one rounds every score to 0. */
const SCALE_MIN = 0.001;
const SCALE_MAX = 1000;

export const contextCoverageOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Multiplies the reported score (e.g. 100 for a percentage); the threshold applies to 0..1. */
  scale: z.number().min(SCALE_MIN, `must be at least ${SCALE_MIN}`).max(SCALE_MAX, `must be at most ${SCALE_MAX}`).default(1),
  /** Reference items for the single-case `measure(input, output)`. */
  context: z.array(z.string()).optional(),
});
export type ContextCoverageOptions = z.input<typeof contextCoverageOptionsSchema>;
export type ParsedContextCoverageOptions = z.output<typeof contextCoverageOptionsSchema>;
