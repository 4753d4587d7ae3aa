import { z } from 'zod';
import weights from './relevance-weights.json';
import { sigmoid } from './logistic';

/**
 * What the relevance model reads off a reply that no rule settled: how loosely it still ties to
 * the conversation, and whether it talks back to the user (chat that stays in the exchange).
 */
export const RELEVANCE_FEATURES = ['weakShare', 'prefixShare', 'senseShare', 'reaction', 'reference', 'connective', 'addressesUser', 'asksBack', 'userAsked'] as const;
export type RelevanceFeatureName = (typeof RELEVANCE_FEATURES)[number];

/** Features that can only make a reply more relevant: their fitted weights are kept at or above 0. */
export const TIES: ReadonlySet<RelevanceFeatureName> = new Set(['weakShare', 'prefixShare', 'senseShare', 'reaction', 'reference', 'connective', 'addressesUser', 'asksBack']);
export type RelevanceFeatures = Record<RelevanceFeatureName, number>;

export const relevanceModelSchema = z.object({
  features: z.array(z.object({ name: z.enum(RELEVANCE_FEATURES), mean: z.number(), scale: z.number().positive(), weight: z.number() })),
  bias: z.number(),
  /** A reply no rule settled is relevant when its probability is at least this. */
  cutoff: z.number().min(0).max(1),
  fitted: z.record(z.string(), z.unknown()).optional(),
});
export type RelevanceModel = z.infer<typeof relevanceModelSchema>;

export function relevanceProbability(model: RelevanceModel, x: RelevanceFeatures): number {
  let z = model.bias;
  for (const f of model.features) z += f.weight * ((x[f.name] - f.mean) / f.scale);
  return sigmoid(z);
}

/** The relevance model shipped with the judge, fitted by `npm run fit:offline-judge`. */
export const defaultRelevanceModel: RelevanceModel = relevanceModelSchema.parse(weights);
