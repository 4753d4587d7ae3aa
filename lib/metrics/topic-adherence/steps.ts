import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { numberedMessage, PLANNED, turnAmong, type NumberedMessage } from '../shared/step-parts';

/** A question–answer pair of one interaction, with the number of the assistant turn that answered it. */
const qaPairOf = (turn: z.ZodType<number | null>) => z.object({ question: z.string(), response: z.string(), turn });
const assistantTurnNumbers = (turns: readonly NumberedMessage[]): number[] => turns.filter((t) => t.role === 'assistant').map((t) => t.turn);
/** deepeval's topic-adherence truth table: relevant and answered (TP), relevant and refused (FN), off topic and answered (FP), off topic and refused (TN). */
const topicVerdict = z.object({ verdict: z.enum(['TP', 'TN', 'FP', 'FN']), reason: z.string() });

const schemas = {
  /** The question–answer pairs of one user–assistant interaction, each with the assistant turn that answered it. */
  'topic_adherence.qa_pairs': {
    input: z.object({ turns: z.array(numberedMessage) }),
    output: z.object({ pairs: z.array(qaPairOf(z.number().int().nullable())) }),
    reply: (input: { turns: NumberedMessage[] }) => z.object({ pairs: z.array(qaPairOf(turnAmong(assistantTurnNumbers(input.turns)))) }),
  },
  /** One question–answer pair against the relevant topics: TP, TN, FP or FN. */
  'topic_adherence.verdict': {
    input: z.object({ relevantTopics: z.array(z.string()), question: z.string(), response: z.string() }),
    output: topicVerdict,
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

// No offline rule: a topic is read in plain words (needsLlmJudge).
export const topicAdherenceSteps = withRules(schemas, {
  // One pair per assistant turn of the interaction, answered on topic.
  'topic_adherence.qa_pairs': {
    planned: (input) => ({ pairs: input.turns.filter((t) => t.role === 'assistant').map((t) => ({ question: PLANNED, response: t.content.slice(0, 60), turn: t.turn })) }),
  },
  'topic_adherence.verdict': { planned: () => ({ verdict: 'TP' as const, reason: PLANNED }) },
});
