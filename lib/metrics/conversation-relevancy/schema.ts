import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

export const conversationRelevancyOptionsSchema = sharedMetricOptionsSchema.extend({
  /** Exchanges per window. */
  windowSize: z.number().int().positive().default(3),
});
export type ConversationRelevancyOptions = z.input<typeof conversationRelevancyOptionsSchema>;
export type ParsedConversationRelevancyOptions = z.output<typeof conversationRelevancyOptionsSchema>;
