import type { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** conversation_completeness takes only the options every metric takes (deepeval's has no window). */
export const conversationCompletenessOptionsSchema = sharedMetricOptionsSchema;
export type ConversationCompletenessOptions = z.input<typeof conversationCompletenessOptionsSchema>;
