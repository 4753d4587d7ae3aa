import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

export const turnContextualPrecisionOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(10),
});
export type TurnContextualPrecisionOptions = z.input<typeof turnContextualPrecisionOptionsSchema>;
export type ParsedTurnContextualPrecisionOptions = z.output<typeof turnContextualPrecisionOptionsSchema>;
