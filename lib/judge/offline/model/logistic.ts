import { z } from 'zod';

/** The numbers the support model reads off a claim and the truth that holds most of it. */
export const FEATURES = [
  'coverage', 'unionCoverage', 'keyMissing', 'unsupportedWeight', 'unsupportedCount', 'missingNames', 'missingNumbers', 'negation', 'personal', 'size',
] as const;
export type FeatureName = (typeof FEATURES)[number];
export type Features = Record<FeatureName, number>;

/** Rules that can be switched off, so the fitting script can keep only those that help held-out folds. */
export const RULES = ['numberConflict', 'nameConflict', 'polarity', 'antonym', 'clauses', 'referent'] as const;
export type RuleName = (typeof RULES)[number];

export const supportModelSchema = z.object({
  /** Features the model uses, with the centre and scale they are standardised by. */
  features: z.array(z.object({ name: z.enum(FEATURES), mean: z.number(), scale: z.number().positive(), weight: z.number() })),
  bias: z.number(),
  rules: z.record(z.enum(RULES), z.boolean()),
  /** How the weights were obtained, for whoever reads the file. */
  fitted: z.record(z.string(), z.unknown()).optional(),
});
export type SupportModel = z.infer<typeof supportModelSchema>;

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z));

/** Probability that a single truth supports the claim. */
export function supportProbability(model: SupportModel, x: Features): number {
  let z = model.bias;
  for (const f of model.features) z += f.weight * ((x[f.name] - f.mean) / f.scale);
  return sigmoid(z);
}

export const ruleOn = (model: SupportModel, rule: RuleName): boolean => model.rules[rule] !== false;
