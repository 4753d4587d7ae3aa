import { z } from 'zod';

/** Options every metric takes (metrics.md, "Options every metric takes"). */
export const baseMetricOptionsSchema = z.object({
  threshold: z.number().min(0).max(1).default(0.5),
  /** Judge model override; the judge decides what a model name means. */
  model: z.string().optional(),
  includeReason: z.boolean().default(true),
  strictMode: z.boolean().default(false),
  /** Run independent judge calls of one metric concurrently. */
  asyncMode: z.boolean().default(true),
  /** Keep the rendered prompts in the steps as well as the structured ones. */
  verboseMode: z.boolean().default(false),
});
export type BaseMetricOptions = z.input<typeof baseMetricOptionsSchema>;
