import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

export const turnFaithfulnessOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(10),
  /** Cap on truths extracted per document; unset means no cap. */
  truthsExtractionLimit: z.number().int().positive().optional(),
  /** Count "idk" verdicts against the window score. */
  penalizeAmbiguousClaims: z.boolean().default(false),
});
export type TurnFaithfulnessOptions = z.input<typeof turnFaithfulnessOptionsSchema>;
export type ParsedTurnFaithfulnessOptions = z.output<typeof turnFaithfulnessOptionsSchema>;
