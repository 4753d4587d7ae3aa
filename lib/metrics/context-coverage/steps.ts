import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { entriesByItem, entryPerItem } from '../../judge/step-items';
import { judgeCoverage } from '../../judge/offline/steps/coverage';

const itemCoverage = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });

const schemas = {
  /** For each context item, keyed by its number from 1: is its information present in the output? */
  'context_coverage.coverage': {
    input: z.object({ input: z.string(), output: z.string(), context: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(itemCoverage) }),
    reply: (input: { context: string[] }) => z.object({ verdicts: entryPerItem(input.context.length, itemCoverage) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const contextCoverageSteps = withRules(schemas, {
  'context_coverage.coverage': { offline: judgeCoverage },
});
