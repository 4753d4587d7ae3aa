import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { attributeSentences } from '../../judge/offline/steps/attribution';
import { anySentence, nodeOf, sentenceAttribution } from '../shared/step-parts';

const schemas = {
  /** For each sentence of the expected output: can it be attributed to a retrieval-context node (`node` counts from 1; null: none)? */
  'contextual_recall.attribution': {
    input: z.object({ expectedOutput: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: z.array(anySentence) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: z.array(sentenceAttribution(nodeOf(input.retrievalContext.length))) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const contextualRecallSteps = withRules(schemas, {
  'contextual_recall.attribution': { offline: attributeSentences },
});
