import { z } from 'zod';
import { stepSchemas } from '../../judge/steps';
import { sharedMetricOptionsSchema } from '../shared/options';

export const contextCoverageOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Multiplies the reported score (e.g. 100 for a percentage); the threshold applies to 0..1. */
  scale: z.number().positive().default(1),
  /** Reference items for the single-case `measure(input, output)`. */
  context: z.array(z.string()).optional(),
});
export type ContextCoverageOptions = z.input<typeof contextCoverageOptionsSchema>;
export type ParsedContextCoverageOptions = z.output<typeof contextCoverageOptionsSchema>;

export const coverageStep = stepSchemas['context_coverage.coverage'];
