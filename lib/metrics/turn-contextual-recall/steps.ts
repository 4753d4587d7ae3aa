import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { attributeSentences } from '../../judge/offline/steps/attribution';
import { anySentence, nodeOf, sentenceAttribution } from '../shared/step-parts';

const schemas = {
  /**
   * For each sentence of the conversation's expected outcome: can it be attributed to a node of
   * the window's retrieval context (`node` counts from 1)?
   */
  'turn_contextual_recall.attribution': {
    input: z.object({ expectedOutcome: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: z.array(anySentence) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: z.array(sentenceAttribution(nodeOf(input.retrievalContext.length))) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const turnContextualRecallSteps = withRules(schemas, {
  // The same attribution rule as contextual recall, on the conversation's expected outcome.
  'turn_contextual_recall.attribution': {
    offline: (input) => attributeSentences({ expectedOutput: input.expectedOutcome, retrievalContext: input.retrievalContext }),
  },
});
