import { z } from 'zod';

/*
 * The contract of every judge step: what a metric sends (input) and what it accepts back
 * (output). OpenAI-compatible judges see the input only through the rendered prompt; the
 * offline judge reads the input directly. Output schemas are strict-JSON-schema friendly:
 * objects with every field required, enums for verdicts, no records.
 */

const message = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type StepMessage = z.infer<typeof message>;

const fact = z.object({ key: z.string(), values: z.array(z.string()) });
export type Fact = z.infer<typeof fact>;

export const stepSchemas = {
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
      /** Fact maps of earlier user turns, unmerged, oldest first. */
      knowledge: z.array(z.object({ turn: z.number().int(), facts: z.array(fact) })),
    }),
    output: z.object({ attrition: z.enum(['yes', 'no']), reason: z.string() }),
  },
  /** Facts stated in each document; `limit` caps truths per document (null: no cap). */
  'turn_faithfulness.truths': {
    input: z.object({ documents: z.array(z.string()), limit: z.number().int().positive().nullable() }),
    output: z.object({ documents: z.array(z.object({ index: z.number().int(), truths: z.array(z.string()) })) }),
  },
  /** Factual claims made in one assistant message. */
  'turn_faithfulness.claims': {
    input: z.object({ message: z.string() }),
    output: z.object({ claims: z.array(z.string()) }),
  },
  /** One verdict per claim, in order: yes (supported), no (contradicts the truths), idk (neither). */
  'turn_faithfulness.verdicts': {
    input: z.object({ claims: z.array(z.string()), truths: z.array(z.string()) }),
    output: z.object({
      verdicts: z.array(z.object({ index: z.number().int(), verdict: z.enum(['yes', 'no', 'idk']), reason: z.string() })),
    }),
  },
  /** Is the last assistant message relevant to the user's latest input, given the window? */
  'conversation_relevancy.relevance': {
    input: z.object({ window: z.array(message), userMessage: z.string(), assistantMessage: z.string() }),
    output: z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() }),
  },
  /** For each sentence of the expected output: can it be attributed to a retrieval-context node? */
  'contextual_recall.attribution': {
    input: z.object({ expectedOutput: z.string(), retrievalContext: z.array(z.string()) }),
    output: z.object({
      verdicts: z.array(
        z.object({
          sentence: z.string(),
          verdict: z.enum(['yes', 'no']),
          /** 0-based index of the node the sentence is attributed to; null when none. */
          node: z.number().int().nullable(),
          reason: z.string(),
        }),
      ),
    }),
  },
  /** For each context item, in order: is its information present in the output? */
  'context_coverage.coverage': {
    input: z.object({ input: z.string(), output: z.string(), context: z.array(z.string()) }),
    output: z.object({
      verdicts: z.array(z.object({ index: z.number().int(), verdict: z.enum(['yes', 'no']), reason: z.string() })),
    }),
  },
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
