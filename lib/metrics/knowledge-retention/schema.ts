import type { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** knowledge_retention takes only the options every metric takes. */
export const knowledgeRetentionOptionsSchema = sharedMetricOptionsSchema;
export type KnowledgeRetentionOptions = z.input<typeof knowledgeRetentionOptionsSchema>;
