import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { explainScore } from '../../judge/offline/steps/reason';

/** The step every metric ends with (unless includeReason is off): one explanation of the score from the verdict reasons. */
const schemas = {
  reason: {
    input: z.object({
      metric: z.string(),
      score: z.number(),
      threshold: z.number(),
      /** Reasons of the verdicts that cost points (or all of them when none did). */
      reasons: z.array(z.string()),
    }),
    output: z.object({ reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const reasonSteps = withRules(schemas, { reason: { offline: explainScore } });
