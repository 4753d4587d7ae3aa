'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { turnContentHash } from '../agreement/content-hash';
import { actionPrincipal } from '../auth/session';
import { getDb } from '../db/client';
import { getConversationById } from '../db/queries/conversations/get-conversation-turns';
import { hasTurnVerdict } from '../db/queries/labels/has-turn-verdict';
import { deleteTurnLabel, saveTurnLabel } from '../db/queries/labels/turn-labels';
import { AppError } from '../errors';
import { failure, type ActionResult } from './action-result';

const reviewSchema = z.object({
  runId: z.string().min(1).max(100),
  conversationId: z.string().min(1).max(100),
  turnIndex: z.number().int().min(0),
  metric: z.string().min(1).max(63),
  /** The verdict the reviewer gives the turn; null takes their label back. */
  verdict: z.enum(['yes', 'no']).nullable(),
  note: z.string().trim().max(2000).optional(),
});
export type ReviewInput = z.input<typeof reviewSchema>;

/**
 * A signed-in person's verdict on one turn for one metric of a run they are reading (agree with
 * the judge, or the verdict they would give instead), kept with the content the metric read.
 */
export async function reviewTurnAction(input: ReviewInput): Promise<ActionResult> {
  const who = await actionPrincipal('viewer');
  if (!who.ok) return who.refusal;
  const parsed = reviewSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: 'That review could not be read.' };
  const { runId, conversationId, turnIndex, metric, verdict, note } = parsed.data;
  const db = getDb();
  try {
    // Only a verdict the run gave can be reviewed.
    if (!(await hasTurnVerdict(db, who.principal.project.id, { runId, conversationId, turnIndex, metric }))) throw new AppError('NOT_FOUND', `The run has no ${metric} verdict on turn ${turnIndex + 1} of this conversation`);
    const reviewer = { reviewerId: who.principal.id };
    if (verdict === null) {
      await deleteTurnLabel(db, { conversationId, turnIndex, metric, ...reviewer });
    } else {
      const contentHash = turnContentHash((await getConversationById(db, conversationId)).turns, turnIndex);
      await saveTurnLabel(db, { conversationId, turnIndex, metric, verdict, ...reviewer, reviewerEmail: who.principal.email, note: note || null, contentHash });
    }
  } catch (error) {
    return failure(error);
  }
  revalidatePath(`/runs/${runId}`);
  revalidatePath(`/runs/${runId}/conversations/${conversationId}`);
  return { ok: true };
}
