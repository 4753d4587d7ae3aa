import { z } from 'zod';
import { sharedMetricOptionsSchema } from '../shared/options';

/** contextual_recall takes only the options every metric takes. */
export const contextualRecallOptionsSchema = sharedMetricOptionsSchema;
export type ContextualRecallOptions = z.input<typeof contextualRecallOptionsSchema>;

/** One single-turn test case, as deepeval's LLMTestCase gives it (input is required but unused). */
export const contextualRecallCaseSchema = z.object({
  input: z.string(),
  actualOutput: z.string(),
  expectedOutput: z.string(),
  retrievalContext: z.array(z.string()),
});
export type ContextualRecallCase = z.infer<typeof contextualRecallCaseSchema>;
