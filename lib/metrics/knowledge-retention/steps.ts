import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { judgeAttrition } from '../../judge/offline/steps/attrition';
import { extractFacts } from '../../judge/offline/steps/facts';
import { message } from '../shared/step-parts';

const fact = z.object({ key: z.string(), values: z.array(z.string()) });
export type Fact = z.infer<typeof fact>;

const schemas = {
  /** Facts the user states explicitly in `message`; earlier turns are context only. */
  'knowledge_retention.facts': {
    input: z.object({ message: z.string(), previousTurns: z.array(message) }),
    output: z.object({ facts: z.array(fact) }),
  },
  /** Does the assistant `message` forget, contradict or re-ask for given knowledge? */
  'knowledge_retention.attrition': {
    input: z.object({
      message: z.string(),
      previousTurns: z.array(message),
      /** Fact maps of earlier user turns, unmerged, oldest first; `turn` counts turns from 1, as the page does. */
      knowledge: z.array(z.object({ turn: z.number().int(), facts: z.array(fact) })),
    }),
    output: z.object({ attrition: z.enum(['yes', 'no']), reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const knowledgeRetentionSteps = withRules(schemas, {
  'knowledge_retention.facts': { offline: extractFacts },
  'knowledge_retention.attrition': { offline: judgeAttrition },
});
