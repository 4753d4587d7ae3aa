import type { Turn, TurnVerdict } from '../../domain';

/** What a metric's verbose log gave: per-turn verdicts in Turnwise's numbering (0-based turn indices), or why none. */
export type LogReading =
  | {
      found: true;
      verdicts: TurnVerdict[];
      /** The chatbot role the metric used (role adherence names it). */
      chatbotRole?: string;
      /** Options of the metric the log states (turn relevancy's window size), in Turnwise's option names. */
      options?: { windowSize?: number };
    }
  | { found: false; why: string };

/** Reads one deepeval metric's verbose log against the test case's turns, in the order deepeval saw them. */
export type VerboseLogReader = (log: string, turns: readonly Turn[]) => LogReading;

export const notRead = (why: string): LogReading => ({ found: false, why });
