export type Verdict = 'yes' | 'no' | 'idk';
/** What a turn can carry: a judged verdict, or 'error' when its unit could not be judged. */
export type TurnVerdictValue = Verdict | 'error';

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
