import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { entriesByItem, entryPerKey } from '../../judge/step-items';
import { numberedMessage, PLANNED, turnVerdictSchema, type NumberedMessage } from '../shared/step-parts';

/** The turn numbers of the assistant messages, as a reply keyed by turn names them. */
const assistantKeys = (turns: readonly NumberedMessage[]): string[] => turns.filter((t) => t.role === 'assistant').map((t) => String(t.turn));

const schemas = {
  /**
   * Each assistant message against the chatbot role, earlier turns as context: one verdict per
   * assistant message, keyed by its turn number ("no" = out of character).
   */
  'role_adherence.verdicts': {
    input: z.object({ chatbotRole: z.string(), turns: z.array(numberedMessage) }),
    output: z.object({ verdicts: entriesByItem(turnVerdictSchema) }),
    reply: (input: { turns: NumberedMessage[] }) => z.object({ verdicts: entryPerKey(assistantKeys(input.turns), turnVerdictSchema) }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

// No offline rule: whether a reply stays in a persona is read in plain words (needsLlmJudge).
export const roleAdherenceSteps = withRules(schemas, {
  'role_adherence.verdicts': {
    planned: (input) => ({ verdicts: Object.fromEntries(assistantKeys(input.turns).map((key) => [key, { verdict: 'yes' as const, reason: PLANNED }])) }),
  },
});
