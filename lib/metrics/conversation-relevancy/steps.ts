import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { judgeRelevance } from '../../judge/offline/steps/relevance';
import { message } from '../shared/step-parts';

const schemas = {
  /** Is the last assistant message relevant to the user's latest input, given the window? */
  'conversation_relevancy.relevance': {
    input: z.object({ window: z.array(message), userMessage: z.string(), assistantMessage: z.string() }),
    output: z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const conversationRelevancySteps = withRules(schemas, {
  'conversation_relevancy.relevance': { offline: (input, models) => judgeRelevance(input, models.relevance) },
});

