import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

export const turnContextualRelevancyOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(10),
});
export type TurnContextualRelevancyOptions = z.input<typeof turnContextualRelevancyOptionsSchema>;
export type ParsedTurnContextualRelevancyOptions = z.output<typeof turnContextualRelevancyOptionsSchema>;
