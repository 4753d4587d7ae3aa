import { z } from 'zod';

export type Verdict = 'yes' | 'no' | 'idk';
/** What a turn can carry: a judged verdict, or 'error' when its unit could not be judged. */
export type TurnVerdictValue = Verdict | 'error';

export const TURN_VERDICT_VALUES = ['yes', 'no', 'idk', 'error'] as const satisfies readonly TurnVerdictValue[];
export const turnVerdictValueSchema = z.enum(TURN_VERDICT_VALUES);

/**
 * A verdict column as stored (a string in the database): one of the four values, else an error
 * naming the value, so that a row written by something else is never shown as a verdict.
 */
export function parseTurnVerdictValue(stored: string): TurnVerdictValue {
  const parsed = turnVerdictValueSchema.safeParse(stored);
  if (!parsed.success) throw new Error(`Stored verdict ${JSON.stringify(stored.slice(0, 40))} is not one of ${TURN_VERDICT_VALUES.join(', ')}`);
  return parsed.data;
}

/** A person's review of a turn: agree or not (a review has no 'idk' or 'error'). */
export const reviewVerdictSchema = z.enum(['yes', 'no']);

/**
 * A verdict that belongs to one turn of the conversation. An 'error' verdict marks a unit
 * (window, turn) the judge failed on: its reason is the error text, it has no score, and it
 * is left out of the metric's score.
 */
export interface TurnVerdict {
  /** 0-based index of the turn in Conversation.turns (the page shows it as index + 1). */
  turn: number;
  verdict: TurnVerdictValue;
  /** Score of the unit behind the verdict (the turn's own score), when it has one. */
  score?: number;
  reason: string;
  /** What was judged, e.g. the claim, the expected-output sentence or the context item. */
  subject?: string;
  /** With several samples per judge step: the share of samples that gave this (the majority) verdict. */
  voteShare?: number;
}

/** Below this share of a judge's samples agreeing, a turn's verdict is unstable (judge noise). */
export const STABLE_SHARE = 0.8;
