import { z } from 'zod';
import { entriesByItem, entryPerItem, entryPerKey, integerIn, itemNumber } from './step-items';

export { byItemNumber, entriesInOrder, entryPerItem, entryPerKey, itemKeys } from './step-items';

/*
 * The contract of every judge step: what a metric sends (input) and what it accepts back
 * (output). OpenAI-compatible judges see the input only through the rendered prompt; the
 * offline judge reads the input directly.
 *
 * `output` is the shape of any reply of the step (for types). `reply(input)`, where a step has
 * one, is the exact schema for one input — one entry per item, node numbers in range, a score
 * on the rubric's span — and is both the JSON schema sent to the judge and the whole of its
 * validation: nothing is checked that the schema does not say, so a reply that fits the
 * schema passes. Reply schemas are strict-JSON-schema friendly: objects with every field
 * required and closed, enums for verdicts and bounded numbers, no records, no length bounds.
 *
 * A step whose reply has one entry per input item follows turn_faithfulness.verdicts:
 * `output: z.object({ verdicts: entriesByItem(entry) })`, `reply: (input) => z.object({ verdicts:
 * entryPerItem(input.claims.length, entry) })`; the metric reads `entriesInOrder(reply.verdicts,
 * count)` and test judges write `byItemNumber(list)`. tests/step-contract.test.ts then checks
 * the new step with no change: every reply its schema allows must pass.
 */

const message = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type StepMessage = z.infer<typeof message>;

const fact = z.object({ key: z.string(), values: z.array(z.string()) });
export type Fact = z.infer<typeof fact>;

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

const truthsOfDocument = z.object({ truths: z.array(z.string()) });
const claimVerdict = z.object({ verdict: z.enum(['yes', 'no', 'idk']), reason: z.string() });
const itemCoverage = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });
/** A sentence of an expected output attributed (or not) to a node, counted from 1; null names none. */
const sentenceAttribution = (node: z.ZodType<number | null>) => z.object({ sentence: z.string(), verdict: z.enum(['yes', 'no']), node, reason: z.string() });
const anySentence = sentenceAttribution(z.number().int().nullable());
/** A node among `count` (an enum), or null; only null when there is none. */
const nodeOf = (count: number) => (count > 0 ? itemNumber(count).nullable() : z.null());
/** A message numbered as the page numbers turns, from 1. */
const numberedMessage = z.object({ turn: z.number().int(), role: z.enum(['user', 'assistant']), content: z.string() });
export type NumberedMessage = z.infer<typeof numberedMessage>;
const turnVerdict = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });
/** The turn numbers of the assistant messages, as a reply keyed by turn names them. */
const assistantKeys = (turns: readonly NumberedMessage[]): string[] => turns.filter((t) => t.role === 'assistant').map((t) => String(t.turn));

/** One of the turn numbers given (an enum), or null when none is given. */
const turnAmong = (turns: readonly number[]): z.ZodType<number | null> =>
  turns.length > 0 ? (z.literal([...new Set(turns)] as [number, ...number[]]) as unknown as z.ZodType<number>) : z.null();
const userTurnNumbers = (turns: readonly NumberedMessage[]): number[] => turns.filter((t) => t.role === 'user').map((t) => t.turn);
const intentionOf = (turn: z.ZodType<number | null>) => z.object({ intention: z.string(), turn });

/** The reference's five-step scoring guide (deepeval goal_accuracy templates): 0, 0.25, 0.5, 0.75, 1, as an enum. */
const QUARTERS = [0, 0.25, 0.5, 0.75, 1] as const;
const quarterScore = z.object({ score: z.literal(QUARTERS) as unknown as z.ZodType<number>, reason: z.string() });
const interaction = z.object({ task: z.string(), stepsTaken: z.array(z.string()) });

/** A question–answer pair of one interaction, with the number of the assistant turn that answered it. */
const qaPairOf = (turn: z.ZodType<number | null>) => z.object({ question: z.string(), response: z.string(), turn });
const assistantTurnNumbers = (turns: readonly NumberedMessage[]): number[] => turns.filter((t) => t.role === 'assistant').map((t) => t.turn);
/** deepeval's topic-adherence truth table: relevant and answered (TP), relevant and refused (FN), off topic and answered (FP), off topic and refused (TN). */
const topicVerdict = z.object({ verdict: z.enum(['TP', 'TN', 'FP', 'FN']), reason: z.string() });
/** A tool in deepeval's ToolCall shape, as tool_use shows it to the judge. */
const toolCall = z.object({
  name: z.string(),
  description: z.string().optional(),
  reasoning: z.string().optional(),
  /** The arguments, an object (checked where the metric reads the tool: lib/metrics/tool-use/schema.ts). */
  input_parameters: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type StepToolCall = z.infer<typeof toolCall>;
/** One user–assistant interaction of tool_use: the user's messages, the replies, the tools they called and those available. */
const toolInteraction = z.object({ userMessages: z.string(), assistantMessages: z.string(), toolsCalled: z.array(toolCall), availableTools: z.array(toolCall) });

const nodeRelevance = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });
const statementRelevance = z.object({ statement: z.string(), verdict: z.enum(['yes', 'no']), reason: z.string() });
const statementsOfNode = z.object({ statements: z.array(statementRelevance) });
const gEvalConversationReply = (score: z.ZodType<number>) =>
  z.object({ score, reason: z.string(), turns: z.array(z.object({ turn: z.number().int(), reason: z.string() })) });

export const stepSchemas = {
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
  /**
   * Facts stated in each document, keyed by the document's number from 1; `limit` caps truths per
   * document (null: no cap); the metric then keeps the window's first `limit`.
   */
  'turn_faithfulness.truths': {
    input: z.object({ documents: z.array(z.string()), limit: z.number().int().positive().nullable() }),
    output: z.object({ documents: entriesByItem(truthsOfDocument) }),
    reply: (input: { documents: string[] }) => z.object({ documents: entryPerItem(input.documents.length, truthsOfDocument) }),
  },
  /** On-policy replay: does the recorded next user message still follow from the regenerated reply? */
  'replay.fit': {
    input: z.object({ previousTurns: z.array(message), reply: z.string(), nextUserMessage: z.string() }),
    output: z.object({ fits: z.enum(['yes', 'no']), reason: z.string() }),
  },
  /**
   * Simulated-user replay: the judge plays the user of the scenario. After each assistant reply it
   * says whether the goal is met, failed, or the conversation goes on with its next message.
   */
  'replay.simulate_user': {
    input: z.object({ scenario: z.string(), expectedOutcome: z.string().nullable(), transcript: z.array(message) }),
    output: z.object({ status: z.enum(['continue', 'goal_met', 'goal_failed']), message: z.string(), reason: z.string() }),
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
  /** Is the last assistant message relevant to the user's latest input, given the window? */
  'conversation_relevancy.relevance': {
    input: z.object({ window: z.array(message), userMessage: z.string(), assistantMessage: z.string() }),
    output: z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() }),
  },
  /** For each sentence of the expected output: can it be attributed to a retrieval-context node (`node` counts from 1; null: none)? */
  'contextual_recall.attribution': {
    input: z.object({ expectedOutput: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: z.array(anySentence) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: z.array(sentenceAttribution(nodeOf(input.retrievalContext.length))) }),
  },
  /**
   * For each sentence of the conversation's expected outcome: can it be attributed to a node of
   * the window's retrieval context (`node` counts from 1)?
   */
  'turn_contextual_recall.attribution': {
    input: z.object({ expectedOutcome: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: z.array(anySentence) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: z.array(sentenceAttribution(nodeOf(input.retrievalContext.length))) }),
  },
  /**
   * For each node of the window's retrieval context, keyed by its number from 1: was it useful
   * for arriving at the expected outcome, given the window's user messages?
   */
  'turn_contextual_precision.verdicts': {
    input: z.object({ userMessages: z.string(), expectedOutcome: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(nodeRelevance) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ verdicts: entryPerItem(input.retrievalContext.length, nodeRelevance) }),
  },
  /**
   * For each node of the window's retrieval context, keyed by its number from 1: its statements,
   * each relevant to the window's user messages or not (the reason says why not).
   */
  'turn_contextual_relevancy.statements': {
    input: z.object({ userMessages: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({ nodes: entriesByItem(statementsOfNode) }),
    reply: (input: { retrievalContext: string[] }) => z.object({ nodes: entryPerItem(input.retrievalContext.length, statementsOfNode) }),
  },
  /** For each context item, keyed by its number from 1: is its information present in the output? */
  'context_coverage.coverage': {
    input: z.object({ input: z.string(), output: z.string(), context: z.array(z.string()) }),
    output: z.object({ verdicts: entriesByItem(itemCoverage) }),
    reply: (input: { context: string[] }) => z.object({ verdicts: entryPerItem(input.context.length, itemCoverage) }),
  },
  /**
   * Each assistant message against the chatbot role, earlier turns as context: one verdict per
   * assistant message, keyed by its turn number ("no" = out of character).
   */
  'role_adherence.verdicts': {
    input: z.object({ chatbotRole: z.string(), turns: z.array(numberedMessage) }),
    output: z.object({ verdicts: entriesByItem(turnVerdict) }),
    reply: (input: { turns: NumberedMessage[] }) => z.object({ verdicts: entryPerKey(assistantKeys(input.turns), turnVerdict) }),
  },
  /** The user's intentions in the conversation, each with the number of the user turn that raised it. */
  'conversation_completeness.intentions': {
    input: z.object({ turns: z.array(numberedMessage) }),
    output: z.object({ intentions: z.array(intentionOf(z.number().int().nullable())) }),
    reply: (input: { turns: NumberedMessage[] }) => z.object({ intentions: z.array(intentionOf(turnAmong(userTurnNumbers(input.turns)))) }),
  },
  /** Was one intention satisfied by the assistant in the conversation? */
  'conversation_completeness.verdict': {
    input: z.object({ turns: z.array(numberedMessage), intention: z.string() }),
    output: turnVerdict,
  },
  /** Did the assistant's visible replies of one interaction fully and correctly achieve the user's goal? */
  'goal_accuracy.goal': { input: interaction, output: quarterScore },
  /** How clear was the assistant's plan in one interaction, and how closely did it follow it? */
  'goal_accuracy.plan': { input: interaction, output: quarterScore },
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
  /** Were the tools called in one interaction the most appropriate of those available (deepeval's tool selection score)? */
  'tool_use.selection': { input: toolInteraction, output: quarterScore },
  /**
   * Were the arguments of the tools called in one interaction correct, complete and specific
   * (deepeval's argument correctness score)? `expectedTools` (null: not given) are the calls the
   * file says the reply should have made.
   */
  'tool_use.arguments': { input: toolInteraction.extend({ expectedTools: z.array(toolCall).nullable() }), output: quarterScore },
  /** One explanation of the score from the verdict reasons. */
  reason: {
    input: z.object({
      metric: z.string(),
      score: z.number(),
      threshold: z.number(),
      /** Reasons of the verdicts that cost points (or all of them when none did). */
      reasons: z.array(z.string()),
    }),
    output: z.object({ reason: z.string() }),
  },
} as const;

export type StepName = keyof typeof stepSchemas;
export type StepInput<S extends StepName> = z.infer<(typeof stepSchemas)[S]['input']>;
export type StepOutput<S extends StepName> = z.infer<(typeof stepSchemas)[S]['output']>;

/**
 * The schema a reply to this input must fit: sent to the judge as its JSON schema, and the
 * whole of the reply's validation.
 */
export function stepReplySchema<S extends StepName>(step: S, input: StepInput<S>): z.ZodType<StepOutput<S>> {
  const definition = stepSchemas[step] as { output: z.ZodType; reply?: (input: StepInput<S>) => z.ZodType };
  return (definition.reply ? definition.reply(input) : definition.output) as z.ZodType<StepOutput<S>>;
}

/**
 * A yes/no verdict read as deepeval's verdict_from_json reads it: the leading word of the
 * string, lower-cased ("No, this is off-topic." → "no"); anything else → null, which the
 * metric drops from the score with a warning. Judges are still sent the enum-only schema.
 */
export const looseYesNo = z.string().transform((text): 'yes' | 'no' | null => {
  const word = /^[a-z]+/.exec(text.trim().toLowerCase())?.[0];
  return word === 'yes' || word === 'no' ? word : null;
});

/** The relevance reply as we read it: a loosely written verdict is accepted (see looseYesNo). */
export const looseRelevanceOutput = z.object({ verdict: looseYesNo, reason: z.string() });
