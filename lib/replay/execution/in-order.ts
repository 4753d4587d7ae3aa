import { EMPTY_OUTCOME, type ChunkContext } from './chunk-context';
import type { Work } from './chunk-work';
import { produceTurn } from './replay-turn';

/**
 * Each conversation's turns in order: on-policy (`carryReplies`: the regenerated replies in the
 * history, a failed turn failing the ones after it), or teacher-forced with a target that keeps
 * state (an HTTP app's state handed on from turn to turn). Conversations go side by side.
 */
export async function generateInOrder(ctx: ChunkContext, work: readonly Work[], carryReplies: boolean): Promise<void> {
  await Promise.all(work.map((w) => conversationInOrder(ctx, w, carryReplies)));
}

async function conversationInOrder(ctx: ChunkContext, w: Work, carryReplies: boolean): Promise<void> {
  const regenerated = new Map<number, string>();
  let state: unknown = null;
  let failedAt: number | null = null;
  for (const [turnIndex, item] of [...w.items].sort((a, b) => a[0] - b[0])) {
    if (ctx.stopped()) return;
    if (item.status === 'done') {
      if (item.content !== null) regenerated.set(turnIndex, item.content);
      state = item.state ?? state;
      continue;
    }
    if (item.status === 'error') {
      failedAt ??= turnIndex;
      if (carryReplies) continue;
    }
    if (item.status !== 'pending') continue;
    if (carryReplies && failedAt !== null) {
      ctx.store(w, turnIndex, { ...EMPTY_OUTCOME, error: `conversation ${w.position + 1}, turn ${turnIndex + 1}: not generated: turn ${failedAt + 1} failed, and on-policy history needs it` });
      continue;
    }
    const outcome = await ctx.limit(() => produceTurn(ctx, w, turnIndex, carryReplies ? regenerated : undefined, state));
    if (outcome === null) return;
    ctx.store(w, turnIndex, outcome);
    if (outcome.error !== undefined) failedAt ??= turnIndex;
    else {
      regenerated.set(turnIndex, outcome.content!);
      if (outcome.state !== undefined) state = outcome.state;
    }
  }
}
