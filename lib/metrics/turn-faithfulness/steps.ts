import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { entriesByItem, entryPerItem } from '../../judge/step-items';
import { extractClaims } from '../../judge/offline/steps/claims';
import { extractTruths } from '../../judge/offline/steps/truths';
import { judgeClaims } from '../../judge/offline/steps/verdicts';

const truthsOfDocument = z.object({ truths: z.array(z.string()) });
const claimVerdict = z.object({ verdict: z.enum(['yes', 'no', 'idk']), reason: z.string() });

const schemas = {
  /**
   * Facts stated in each document, keyed by the document's number from 1; `limit` caps truths per
   * document (null: no cap); the metric then keeps the window's first `limit`.
   */
  'turn_faithfulness.truths': {
    input: z.object({ documents: z.array(z.string()), limit: z.number().int().positive().nullable() }),
    output: z.object({ documents: entriesByItem(truthsOfDocument) }),
    reply: (input: { documents: string[] }) => z.object({ documents: entryPerItem(input.documents.length, truthsOfDocument) }),
  },
  /** Factual claims made in one assistant message. */
  'turn_faithfulness.claims': {
    input: z.object({ message: z.string() }),
    output: z.object({ claims: z.array(z.string()) }),
  },
  /** One verdict per claim, keyed by the claim's number from 1: yes (supported), no (contradicts the truths), idk (neither). */
  'turn_faithfulness.verdicts': {
    input: z.object({ claims: z.array(z.string()), truths: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(claimVerdict) }),
    reply: (input: { claims: string[] }) => z.object({ verdicts: entryPerItem(input.claims.length, claimVerdict) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const turnFaithfulnessSteps = withRules(schemas, {
  'turn_faithfulness.truths': { offline: extractTruths },
  'turn_faithfulness.claims': { offline: extractClaims },
  'turn_faithfulness.verdicts': { offline: (input) => judgeClaims(input) },
});
