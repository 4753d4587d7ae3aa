import type { z } from 'zod';
import type { RelevanceModel } from './offline/model/relevance-model';

/*
 * The contract of every judge step: what a metric sends (input) and what it accepts back
 * (output). Each metric defines its own steps in its folder (lib/metrics/<metric>/steps.ts) and
 * lists them on its descriptor (lib/metrics/registry.ts lists every metric's); other features define
 * theirs beside their code (a replay's, lib/replay/steps). Each request carries its step's contract.
 * OpenAI-compatible judges see the input only through the rendered prompt; the offline judge
 * reads the input directly and answers by the step's `offline` rule.
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

/** Fitted models the offline rules consult; the shipped ones unless a bench fits its own on other folds. */
export interface OfflineModels {
  relevance?: RelevanceModel;
}

/** What a step's contract says of its messages: its input, the shape of its replies, and the exact reply schema for one input where it is narrower. */
export interface StepSchemas<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
  reply?(input: z.output<I>): z.ZodType<z.output<O>>;
}

/** How the offline judge answers a step. */
export interface StepRules<I = unknown, O = unknown> {
  /** Its rule; a step without one needs an LLM judge (its metric says needsLlmJudge). */
  offline?(input: I, models: OfflineModels): O;
  /**
   * A stand-in reply for a step without an offline rule: shaped as a real one, saying nothing
   * about the conversation. A cost preview walks the pipeline with it; never a score anyone reads.
   */
  planned?(input: I): O;
}

/** One judge step, as the judge sees it. */
export type StepContract = StepSchemas & StepRules;

/** A folder's steps by name. */
export type StepContracts = Readonly<Record<string, StepContract>>;

type RulesOf<C extends Record<string, StepSchemas>> = { [K in keyof C]: StepRules<z.output<C[K]['input']>, z.output<C[K]['output']>> };

/**
 * A folder's steps: their schemas, each with its offline rule (or its planned stand-in). The
 * schemas are given apart so that the rules, typed by JudgeStepContracts, do not type themselves.
 */
export function withRules<C extends Record<string, StepSchemas>>(schemas: C, rules: RulesOf<C>): { [K in keyof C]: C[K] & RulesOf<C>[K] } {
  return Object.fromEntries(Object.keys(schemas).map((step) => [step, { ...schemas[step], ...rules[step] }])) as { [K in keyof C]: C[K] & RulesOf<C>[K] };
}

/**
 * Every step's contract by name, for types: each folder that defines steps adds its own here
 * (`declare module '…/judge/steps' { interface JudgeStepContracts extends TheirSchemas {} }`), so
 * the judge names no metric. The values at run time are the contracts each request carries.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JudgeStepContracts {}

export type StepName = keyof JudgeStepContracts & string;
export type StepInput<S extends StepName> = z.infer<JudgeStepContracts[S]['input']>;
export type StepOutput<S extends StepName> = z.infer<JudgeStepContracts[S]['output']>;

/**
 * The schema a reply to this input must fit: sent to the judge as its JSON schema, and the
 * whole of the reply's validation.
 */
export function replySchemaOf(contract: StepSchemas, input: unknown): z.ZodType {
  return contract.reply ? contract.reply(input as never) : contract.output;
}
