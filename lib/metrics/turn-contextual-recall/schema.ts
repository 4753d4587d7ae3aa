import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

export const turnContextualRecallOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(10),
});
export type TurnContextualRecallOptions = z.input<typeof turnContextualRecallOptionsSchema>;
export type ParsedTurnContextualRecallOptions = z.output<typeof turnContextualRecallOptionsSchema>;
