import { z } from 'zod';
import { stepSchemas } from '../../judge/steps';
import { sharedMetricOptionsSchema } from '../shared/options';

export const turnContextualRecallOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(10),
});
export type TurnContextualRecallOptions = z.input<typeof turnContextualRecallOptionsSchema>;
export type ParsedTurnContextualRecallOptions = z.output<typeof turnContextualRecallOptionsSchema>;

export const attributionStep = stepSchemas['turn_contextual_recall.attribution'];
