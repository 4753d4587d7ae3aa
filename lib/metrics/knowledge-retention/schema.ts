import type { z } from 'zod';
import { stepSchemas } from '../../judge/steps';
import { sharedMetricOptionsSchema } from '../shared/options';

/** knowledge_retention takes only the options every metric takes. */
export const knowledgeRetentionOptionsSchema = sharedMetricOptionsSchema;
export type KnowledgeRetentionOptions = z.input<typeof knowledgeRetentionOptionsSchema>;

export const factsStep = stepSchemas['knowledge_retention.facts'];
export const attritionStep = stepSchemas['knowledge_retention.attrition'];
export type { Fact } from '../../judge/steps';
