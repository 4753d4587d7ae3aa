import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../db/db-types';
import { listReviewCandidates, listReviewedTurns } from '../db/queries/labels/list-review-candidates';

export const REVIEW_MODES = ['sample', 'failing', 'unstable'] as const;
export type ReviewMode = (typeof REVIEW_MODES)[number];
export const SAMPLE_SIZE = 50;

export const reviewQueueQuerySchema = z.object({
  metric: z.string().min(1).max(63).optional(),
  mode: z.enum(REVIEW_MODES).catch('sample'),
});

export interface ReviewQueueItem {
  conversationId: string;
  conversationName: string;
  turnIndex: number;
  verdict: string;
  reviewed: boolean;
  href: string;
}

export interface ReviewQueue {
  metric: string;
  mode: ReviewMode;
  items: ReviewQueueItem[];
  done: number;
  /** Verdicts of this metric the run has in this mode, of which the queue holds at most SAMPLE_SIZE (random sample). */
  available: number;
}

/** A stable pseudo-random order: the same run shows everyone the same sample. */
const rank = (runId: string, id: string) => createHash('sha1').update(`${runId}:${id}`).digest('hex');

/**
 * The turns to review for one metric of a run: a random sample of its per-turn verdicts (so the
 * agreement measured on it is unbiased), its failing verdicts, or its unstable ones (fewer than
 * 80% of the judge's samples agreed); each with whether the reader
 * has labelled it and a link that opens the conversation at that turn, in queue order.
 */
export async function loadReviewQueue(db: Db, runId: string, metric: string, mode: ReviewMode, readerId: string): Promise<ReviewQueue> {
  const candidates = await listReviewCandidates(db, runId, metric, mode);
  const ordered =
    mode === 'sample'
      ? candidates.sort((a, b) => (rank(runId, a.id) < rank(runId, b.id) ? -1 : 1)).slice(0, SAMPLE_SIZE)
      : candidates.sort((a, b) => a.position - b.position || a.turnIndex - b.turnIndex).slice(0, SAMPLE_SIZE * 4);
  const reviewed = await listReviewedTurns(db, metric, readerId, [...new Set(ordered.map((c) => c.conversationId))]);
  const queue = `&queue=${encodeURIComponent(metric)}:${mode}`;
  const items = ordered.map((c) => ({
    conversationId: c.conversationId,
    conversationName: c.conversationName,
    turnIndex: c.turnIndex,
    verdict: c.verdict,
    reviewed: reviewed.has(`${c.conversationId}:${c.turnIndex}`),
    href: `/runs/${runId}/conversations/${c.conversationId}?turn=${c.turnIndex}${queue}#turn-${c.turnIndex}`,
  }));
  return { metric, mode, items, done: items.filter((i) => i.reviewed).length, available: candidates.length };
}

/** The queue a conversation page was opened from (`?queue=<metric>:<mode>`), or null. */
export async function reviewQueueOf(db: Db, runId: string, param: string | string[] | undefined, readerId: string): Promise<ReviewQueue | null> {
  const value = Array.isArray(param) ? param[0] : param;
  const at = value?.lastIndexOf(':') ?? -1;
  if (!value || at < 1) return null;
  const mode = z.enum(REVIEW_MODES).safeParse(value.slice(at + 1));
  return mode.success ? loadReviewQueue(db, runId, value.slice(0, at), mode.data, readerId) : null;
}
