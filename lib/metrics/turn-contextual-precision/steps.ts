import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { entriesByItem, entryPerItem } from '../../judge/step-items';
import { judgeNodeUsefulness } from '../../judge/offline/steps/retrieval-relevance';

const nodeRelevance = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });

const schemas = {
  /**
   * For each node of the window's retrieval context, keyed by its number from 1: was it useful
   * for arriving at the expected outcome, given the window's user messages?
   */
  'turn_contextual_precision.verdicts': {
    input: z.object({ userMessages: z.string(), expectedOutcome: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(nodeRelevance) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: entryPerItem(input.retrievalContext.length, nodeRelevance) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const turnContextualPrecisionSteps = withRules(schemas, {
  'turn_contextual_precision.verdicts': { offline: judgeNodeUsefulness },
});
