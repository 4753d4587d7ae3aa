import { parseTurnVerdictValue } from '../../domain/verdict';
import type { ResultRow } from '../../domain/result-row';
import { readWarnings } from './read-warnings';

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

/** A result row as read with resultRowSelect, its warnings and verdicts parsed. */
export const toResultRow = (r: SelectedResult): ResultRow => ({
  conversation: { id: r.conversation.id, key: r.conversation.matchKey, externalId: r.conversation.externalId, name: r.conversation.name, position: r.conversation.position },
  metric: r.metric,
  score: r.score,
  success: r.success,
  threshold: r.threshold,
  reason: r.reason,
  error: r.error,
  warnings: readWarnings(r.warnings),
  verdicts: r.verdicts.map((v) => ({ turn: v.turnIndex + 1, verdict: parseTurnVerdictValue(v.verdict), score: v.score, reason: v.reason, voteShare: v.voteShare })),
});
