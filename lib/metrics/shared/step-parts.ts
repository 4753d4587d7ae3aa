import { z } from 'zod';
import { itemNumber } from '../../judge/step-items';

/* Pieces of step contracts that several metrics' steps share (each metric's steps.ts uses them). */

export const message = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type StepMessage = z.infer<typeof message>;

/** A message numbered as the page numbers turns, from 1. */
export const numberedMessage = z.object({ turn: z.number().int(), role: z.enum(['user', 'assistant']), content: z.string() });
export type NumberedMessage = z.infer<typeof numberedMessage>;

export const turnVerdictSchema = z.object({ verdict: z.enum(['yes', 'no']), reason: z.string() });

/** One of the turn numbers given (an enum), or null when none is given. */
export const turnAmong = (turns: readonly number[]): z.ZodType<number | null> =>
  turns.length > 0 ? (z.literal([...new Set(turns)] as [number, ...number[]]) as unknown as z.ZodType<number>) : z.null();

/** The reference's five-step scoring guide (deepeval goal_accuracy templates): 0, 0.25, 0.5, 0.75, 1, as an enum. */
const QUARTERS = [0, 0.25, 0.5, 0.75, 1] as const;
export const quarterScore = z.object({ score: z.literal(QUARTERS) as unknown as z.ZodType<number>, reason: z.string() });

/** A sentence of an expected output attributed (or not) to a node, counted from 1; null names none. */
export const sentenceAttribution = (node: z.ZodType<number | null>) => z.object({ sentence: z.string(), verdict: z.enum(['yes', 'no']), node, reason: z.string() });
export const anySentence = sentenceAttribution(z.number().int().nullable());
/** A node among `count` (an enum), or null; only null when there is none. */
export const nodeOf = (count: number) => (count > 0 ? itemNumber(count).nullable() : z.null());

/** The reason of a stand-in reply (a step's `planned` answer, for cost previews only). */
export const PLANNED = 'A reply of about this length, planned for the estimate.';

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
