import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { numberedMessage, PLANNED, turnAmong, turnVerdictSchema, type NumberedMessage } from '../shared/step-parts';

const userTurnNumbers = (turns: readonly NumberedMessage[]): number[] => turns.filter((t) => t.role === 'user').map((t) => t.turn);
const intentionOf = (turn: z.ZodType<number | null>) => z.object({ intention: z.string(), turn });

const schemas = {
  /** The user's intentions in the conversation, each with the number of the user turn that raised it. */
  'conversation_completeness.intentions': {
    input: z.object({ turns: z.array(numberedMessage) }),
    output: z.object({ intentions: z.array(intentionOf(z.number().int().nullable())) }),
    reply: (input: { turns: NumberedMessage[] }) => z.object({ intentions: z.array(intentionOf(turnAmong(userTurnNumbers(input.turns)))) }),
  },
  /** Was one intention satisfied by the assistant in the conversation? */
  'conversation_completeness.verdict': {
    input: z.object({ turns: z.array(numberedMessage), intention: z.string() }),
    output: turnVerdictSchema,
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

// No offline rule: a user's intentions are read in plain words (needsLlmJudge).
export const conversationCompletenessSteps = withRules(schemas, {
  // One intention per user turn, each met.
  'conversation_completeness.intentions': {
    planned: (input) => ({ intentions: input.turns.filter((t) => t.role === 'user').map((t) => ({ intention: `The user wants: ${t.content.slice(0, 60)}`, turn: t.turn })) }),
  },
  'conversation_completeness.verdict': { planned: () => ({ verdict: 'yes' as const, reason: PLANNED }) },
});
