import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { entriesByItem, entryPerItem } from '../../judge/step-items';
import { judgeStatementRelevance } from '../../judge/offline/steps/retrieval-relevance';

const statementRelevance = z.object({ statement: z.string(), verdict: z.enum(['yes', 'no']), reason: z.string() });
const statementsOfNode = z.object({ statements: z.array(statementRelevance) });

const schemas = {
  /**
   * For each node of the window's retrieval context, keyed by its number from 1: its statements,
   * each relevant to the window's user messages or not (the reason says why not).
   */
  'turn_contextual_relevancy.statements': {
    input: z.object({ userMessages: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ nodes: entriesByItem(statementsOfNode) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ nodes: entryPerItem(input.retrievalContext.length, statementsOfNode) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const turnContextualRelevancySteps = withRules(schemas, {
  'turn_contextual_relevancy.statements': { offline: judgeStatementRelevance },
});
