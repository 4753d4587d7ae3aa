import { z } from 'zod';
import { withRules } from '../../judge/steps';
import { integerIn } from '../../judge/step-items';
import { judgeGEvalConversation, judgeGEvalTurn, writeGEvalSteps } from '../../judge/offline/steps/g-eval';

/** A turn as a G-Eval metric shows it: numbered from 1, with the fields the metric names. */
const gEvalTurn = z.object({
  turn: z.number().int(),
  role: z.enum(['user', 'assistant']).optional(),
  content: z.string().optional(),
  retrieval_context: z.array(z.string()).optional(),
  expected_output: z.string().optional(),
  tools_called: z.array(z.unknown()).optional(),
});
export type GEvalTurn = z.infer<typeof gEvalTurn>;
/** What every G-Eval judgement is given: the steps, the rubric text (null: none), the fields named, the conversation-level fields. */
const gEvalBase = {
  steps: z.array(z.string()).min(1),
  rubric: z.string().nullable(),
  parameters: z.string(),
  conversationFields: z.string(),
};
const gEvalConversationReply = (score: z.ZodType<number>) =>
  z.object({ score, reason: z.string(), turns: z.array(z.object({ turn: z.number().int(), reason: z.string() })) });

/** The steps of every custom (G-Eval) metric, built in or saved: their contract is the same for all. */
const schemas = {
  /** A custom metric's criteria turned into 3–4 evaluation steps (once per metric version). */
  'g_eval.steps': {
    input: z.object({ criteria: z.string(), parameters: z.string(), scope: z.enum(['conversation', 'turn']) }),
    output: z.object({ steps: z.array(z.string()) }),
  },
  /** The whole conversation against the steps: 0–10, a reason, and the assistant turns that cost points. */
  'g_eval.conversation': {
    input: z.object({ ...gEvalBase, turns: z.array(gEvalTurn) }),
    output: gEvalConversationReply(z.number().int()),
    reply: () => gEvalConversationReply(integerIn([0, 10])),
  },
  /** One assistant turn against the steps, earlier turns of its window as context: a score on `range` and a reason. */
  'g_eval.turn': {
    input: z.object({ ...gEvalBase, range: z.tuple([z.number().int(), z.number().int()]).refine(([low, high]) => low <= high, 'the range runs from low to high'), context: z.array(gEvalTurn), turn: gEvalTurn }),
    output: z.object({ score: z.number().int(), reason: z.string() }),
    reply: (input: { range: [number, number] }) => z.object({ score: integerIn(input.range), reason: z.string() }),
  },
};

type Schemas = typeof schemas;
declare module '../../judge/steps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface JudgeStepContracts extends Schemas {}
}

export const gEvalSteps = withRules(schemas, {
  'g_eval.steps': { offline: writeGEvalSteps },
  'g_eval.conversation': { offline: judgeGEvalConversation },
  'g_eval.turn': { offline: judgeGEvalTurn },
});
