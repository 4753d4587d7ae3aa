import type { TurnVerdictValue } from './verdict';

/** One turn's verdict of a result, as exports and the API show it. */
export interface ResultVerdictRow {
  /** The turn as the page numbers it, from 1. */
  turn: number;
  verdict: TurnVerdictValue;
  score: number | null;
  reason: string;
  /** With several samples per item: the share that gave this verdict (below 0.8: unstable); null with one sample. */
  voteShare: number | null;
}

/** One conversation × metric result of a run, as exports and the API show it. */
export interface ResultRow {
  conversation: {
    id: string;
    /** The key conversations are matched by across runs (external id, else name, scenario…). */
    key: string;
    externalId: string | null;
    name: string | null;
    /** 0-based position in the dataset file. */
    position: number;
  };
  metric: string;
  score: number | null;
  success: boolean;
  threshold: number;
  reason: string | null;
  error: string | null;
  /** Units left out of the score and unreadable verdicts; empty when everything was judged. */
  warnings: string[];
  verdicts: ResultVerdictRow[];
}
