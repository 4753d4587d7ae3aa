import { endSimulatedConversation } from '../../db/queries/replays/end-simulated-conversation';
import type { ReplayTurnOutcome } from '../../db/queries/replays/record-replay-turn';
import { redactSecrets } from '../../redact-secrets';
import type { TargetMessage } from '../targets/target-types';
import { addSamples, EMPTY_OUTCOME, failureOf, generateOnItsOwn, requestsOf, type ChunkContext } from './chunk-context';
import type { Work } from './chunk-work';
import { simulatedStateOf, SIMULATION_ENDS, type SimulatedExchange } from './simulated-exchange';
import { simulateUser } from './simulate-user';

type User = { content: string; simulated: boolean };

/**
 * Simulated-user replay: each conversation with a scenario in order, the judge writing the user's
 * messages until it says the goal is met or failed, or maxTurns exchanges. Conversations go side
 * by side; an exchange that failed fails the ones after it.
 */
export async function generateSimulated(ctx: ChunkContext, work: readonly Work[]): Promise<void> {
  await Promise.all(work.map((w) => simulate(ctx, w)));
}

/** A simulated conversation: its exchanges in order, each after the reply before it; stops at the judge's end. */
async function simulate(ctx: ChunkContext, w: Work): Promise<void> {
  const transcript: TargetMessage[] = [];
  const firstUser = w.turns.find((t) => t.role !== 'assistant');
  let user: User | null = firstUser ? { content: firstUser.content, simulated: false } : null;
  let state: unknown = null;
  let failedAt: number | null = null;
  for (const [turnIndex, item] of [...w.items].sort((a, b) => a[0] - b[0])) {
    if (ctx.stopped()) return;
    if (item.status === 'done') {
      const exchange = simulatedStateOf(item.state);
      transcript.push({ role: 'user', content: exchange.user }, { role: 'assistant', content: item.content ?? '' });
      state = exchange.target ?? state;
      if (item.fitReason && SIMULATION_ENDS.has(item.fitReason)) {
        // Ended before a kill could drop the exchanges after it.
        if ([...w.items].some(([later, i]) => later > turnIndex && i.status === 'pending')) await endSimulatedConversation(ctx.db, ctx.replayId, w.position, turnIndex);
        return;
      }
      user = exchange.next ? { content: exchange.next.message, simulated: true } : null;
      continue;
    }
    if (item.status === 'error') {
      failedAt ??= turnIndex;
      continue;
    }
    if (item.status !== 'pending') continue;
    if (failedAt !== null) {
      ctx.store(w, turnIndex, { ...EMPTY_OUTCOME, error: `conversation ${w.position + 1}, turn ${turnIndex + 1}: not generated: turn ${failedAt + 1} failed, and the simulated conversation needs it` });
      continue;
    }
    const outcome = await ctx.limit(() => produceExchange(ctx, w, turnIndex, transcript, user, state));
    if (outcome === null) return;
    ctx.store(w, turnIndex, outcome);
    if (outcome.error !== undefined) {
      failedAt = turnIndex;
      continue;
    }
    const exchange = outcome.state as SimulatedExchange;
    transcript.push({ role: 'user', content: exchange.user }, { role: 'assistant', content: outcome.content! });
    if (exchange.target !== null) state = exchange.target;
    if (outcome.fitReason && SIMULATION_ENDS.has(outcome.fitReason)) {
      // Stored first: a kill in between leaves the exchanges after it for the next worker to drop.
      await ctx.recorder.flush();
      await endSimulatedConversation(ctx.db, ctx.replayId, w.position, turnIndex);
      return;
    }
    user = exchange.next ? { content: exchange.next.message, simulated: true } : null;
  }
}

/**
 * One simulated exchange: the user message (the recorded first one, else the judge's), the
 * target's reply, then, unless it is the last exchange allowed, the judge's verdict with the
 * next user message.
 */
async function produceExchange(ctx: ChunkContext, w: Work, turnIndex: number, transcript: TargetMessage[], user: User | null, state: unknown): Promise<ReplayTurnOutcome | null> {
  ctx.started();
  if (ctx.stopped()) return null;
  const judge = ctx.judge!;
  const where = `conversation ${w.position + 1}, turn ${turnIndex + 1}`;
  const cost = { ...EMPTY_OUTCOME };
  const addJudge = (v: { promptTokens: number; completionTokens: number; costUsd: number }) => {
    cost.promptTokens += v.promptTokens;
    cost.completionTokens += v.completionTokens;
    cost.costUsd += v.costUsd;
    cost.judgeCalls++;
  };
  const scenario = { scenario: w.scenario ?? '', expectedOutcome: w.expectedOutcome };
  try {
    if (!user) {
      const opening = await ctx.abortable((s) => simulateUser(judge, { ...scenario, transcript }, s));
      addJudge(opening);
      user = { content: opening.message, simulated: true };
    }
    const messages = [...transcript, { role: 'user' as const, content: user.content }];
    let reply;
    let samples;
    try {
      ({ reply, samples } = await generateOnItsOwn(ctx, { conversationId: w.key, turn: turnIndex, messages, state }));
    } catch (error) {
      if (ctx.interrupted()) return null;
      return { ...EMPTY_OUTCOME, judgeCalls: cost.judgeCalls, targetCalls: requestsOf(error), error: redactSecrets(`${where}: ${failureOf(error)}`) };
    }
    cost.promptTokens += reply.promptTokens;
    cost.completionTokens += reply.completionTokens;
    cost.costUsd += reply.costUsd;
    cost.targetCalls = reply.requests;
    const last = turnIndex >= 2 * ctx.settings.maxTurns - 1;
    let next: SimulatedExchange['next'] = null;
    if (!last) {
      try {
        const verdict = await ctx.abortable((s) => simulateUser(judge, { ...scenario, transcript: [...messages, { role: 'assistant', content: reply.content }] }, s));
        addJudge(verdict);
        next = { status: verdict.status, message: verdict.message, reason: verdict.reason };
      } catch (error) {
        if (ctx.cancel.aborted) return null;
        return { ...EMPTY_OUTCOME, targetCalls: reply.requests, error: redactSecrets(`${where}: the judge playing the user could not answer: ${(error as Error).message}`) };
      }
    }
    const exchange: SimulatedExchange = { user: user.content, simulated: user.simulated, next, target: reply.state ?? null };
    addSamples(cost, samples);
    return {
      ...cost,
      content: reply.content,
      retrievalContext: reply.retrievalContext,
      toolsCalled: reply.toolsCalled,
      state: exchange,
      ...(last ? { fitReason: 'max_turns' } : next && next.status !== 'continue' ? { fitReason: next.status } : {}),
    };
  } catch (error) {
    if (ctx.interrupted()) return null;
    return { ...EMPTY_OUTCOME, judgeCalls: cost.judgeCalls, error: redactSecrets(`${where}: the judge playing the user could not open the conversation: ${(error as Error).message}`) };
  }
}
