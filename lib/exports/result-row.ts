import { readWarnings } from '../db/queries/read-warnings';

/** One turn's verdict of a result, as exports and the API show it. */
export interface ResultVerdictRow {
  /** The turn as the page numbers it, from 1. */
  turn: number;
  verdict: string;
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

/** The columns a result row is read with (verdicts in turn order). */
export const resultRowSelect = {
  metric: true,
  score: true,
  success: true,
  threshold: true,
  reason: true,
  error: true,
  warnings: true,
  conversation: { select: { id: true, matchKey: true, externalId: true, name: true, position: true } },
  verdicts: { orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, score: true, reason: true, voteShare: true } },
} as const;

interface SelectedResult {
  metric: string;
  score: number | null;
  success: boolean;
  threshold: number;
  reason: string | null;
  error: string | null;
  warnings: unknown;
  conversation: { id: string; matchKey: string; externalId: string | null; name: string | null; position: number };
  verdicts: { turnIndex: number; verdict: string; score: number | null; reason: string; voteShare: number | null }[];
}


export const toResultRow = (r: SelectedResult): ResultRow => ({
  conversation: { id: r.conversation.id, key: r.conversation.matchKey, externalId: r.conversation.externalId, name: r.conversation.name, position: r.conversation.position },
  metric: r.metric,
  score: r.score,
  success: r.success,
  threshold: r.threshold,
  reason: r.reason,
  error: r.error,
  warnings: readWarnings(r.warnings),
  verdicts: r.verdicts.map((v) => ({ turn: v.turnIndex + 1, verdict: v.verdict, score: v.score, reason: v.reason, voteShare: v.voteShare })),
});
