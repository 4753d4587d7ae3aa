import type { ReplayTurnOutcome } from '../../db/queries/replays/record-replay-turn';
import { redactSecrets } from '../../redact-secrets';
import { addSamples, EMPTY_OUTCOME, failureOf, generateOnItsOwn, requestsOf, type ChunkContext } from './chunk-context';
import type { Work } from './chunk-work';
import { checkNextTurnFits } from './fit-check';
import { historyBefore } from './history';

/**
 * One assistant turn generated from its history (teacher-forced: the recorded one; on-policy: with
 * the regenerated replies in `regenerated`), then, when the replay has a judge (on-policy), the
 * check that the next recorded user turn still fits the new reply. Null when the chunk was
 * stopped or cancelled before it had an outcome.
 */
export async function produceTurn(ctx: ChunkContext, w: Work, turnIndex: number, regenerated: Map<number, string> | undefined, state: unknown): Promise<ReplayTurnOutcome | null> {
  ctx.started();
  if (ctx.stopped()) return null;
  const messages = historyBefore(w.turns, turnIndex, regenerated);
  const request = { conversationId: w.key, turn: turnIndex, messages, state };
  try {
    const { reply, samples } =
      ctx.settings.samples > 1 ? await generateOnItsOwn(ctx, request) : await ctx.batched(async (signal) => ({ reply: await ctx.target.generate({ ...request, signal }), samples: null }));
    const outcome: ReplayTurnOutcome = {
      content: reply.content,
      retrievalContext: reply.retrievalContext,
      toolsCalled: reply.toolsCalled,
      state: reply.state,
      promptTokens: reply.promptTokens,
      completionTokens: reply.completionTokens,
      costUsd: reply.costUsd,
      targetCalls: reply.requests,
      judgeCalls: 0,
    };
    addSamples(outcome, samples);
    const next = w.turns.find((t) => t.index === turnIndex + 1);
    const alreadyOff = [...w.items.values()].some((i) => i.nextFits === false);
    if (ctx.judge && next && next.role !== 'assistant' && !alreadyOff) {
      try {
        const fit = await checkNextTurnFits(ctx.judge, { previousTurns: messages, reply: reply.content, nextUserMessage: next.content }, ctx.cancel);
        Object.assign(outcome, { nextFits: fit.fits, fitReason: fit.reason, judgeCalls: 1 });
        outcome.promptTokens += fit.promptTokens;
        outcome.completionTokens += fit.completionTokens;
        outcome.costUsd += fit.costUsd;
      } catch (error) {
        if (ctx.cancel.aborted) return null;
        return { ...EMPTY_OUTCOME, targetCalls: reply.requests, error: redactSecrets(`turn ${turnIndex + 1}: the judge could not check that the next user turn still fits: ${(error as Error).message}`) };
      }
    }
    return outcome;
  } catch (error) {
    // A turn cut short by a stop is not an outcome: whoever resumes generates it.
    if (ctx.interrupted()) return null;
    return { ...EMPTY_OUTCOME, targetCalls: requestsOf(error), error: redactSecrets(`conversation ${w.position + 1}, turn ${turnIndex + 1}: ${failureOf(error)}`) };
  }
}
