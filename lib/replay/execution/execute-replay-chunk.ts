import pLimit, { type LimitFunction } from 'p-limit';
import { loadJudgeConfigWithConnections } from '../../connections/judge-config-with-connections';
import type { Db } from '../../db/db-types';
import { createPrismaJudgeCache } from '../../db/queries/judge-cache';
import { getReplaySettingsRow, type ReplaySettingsRow } from '../../db/queries/replays/get-replay-settings';
import { listChunkWork } from '../../db/queries/replays/list-chunk-work';
import { recordReplayTurn, type ReplaySampleOutcome, type ReplayTurnOutcome } from '../../db/queries/replays/record-replay-turn';
import { setMaxListeners } from 'node:events';
import { createCancelBatches } from './cancel-batches';
import { createTurnRecorder } from './turn-recorder';
import { storeRetryOf } from '../../jobs/store-retry';
import { createJudge } from '../../judge/config';
import type { Judge } from '../../judge/types';
import { redactSecrets } from '../../redact-secrets';
import { replaySettingsOf } from '../replay-settings';
import { createTarget } from '../targets/create-target';
import type { LookupAll } from '../../llm/egress';
import type { RetryPolicy } from '../../llm/send-with-retries';
import { TargetError, type ReplayTargetClient, type TargetMessage, type TargetReply } from '../targets/target-types';
import { checkNextTurnFits } from './fit-check';
import { historyBefore, type SourceTurn } from './history';
import { endSimulatedConversation } from '../../db/queries/replays/end-simulated-conversation';
import { simulatedStateOf, SIMULATION_ENDS, type SimulatedExchange } from './simulated-exchange';
import { simulateUser } from './simulate-user';

export interface ExecuteReplayChunkOptions {
  db: Db;
  env: Record<string, string | undefined>;
  replayId: string;
  /** Conversation positions [from, to); all when absent. */
  range?: { from: number; to: number };
  /** Stops taking turns; on a cancel, requests in flight are aborted and not stored. */
  signal?: AbortSignal;
  /** Replaces the fit judge (tests). */
  judge?: Judge;
  /** Replaces the targets' retry policy (tests). */
  retries?: RetryPolicy;
  /** Replaces the DNS lookup of the targets' egress check (tests). */
  lookup?: LookupAll;
  /** The replay as the worker read it (once for all its chunks); read here when absent. */
  replay?: ReplaySettingsRow;
  /** The pool of the replay's turns in flight, shared with its other chunks; one of the chunk's own when absent. */
  limit?: LimitFunction;
  /** Called once when no more than `lowWater` of the chunk's turns are left to start (the worker then reads the next chunk). */
  onQueueLow?: () => void;
  lowWater?: number;
  /** Told when the database fails the chunk's writes for a passing reason, and when it is back. */
  log?: (line: string) => void;
}

interface Work {
  position: number;
  key: string;
  turns: SourceTurn[];
  scenario: string | null;
  expectedOutcome: string | null;
  items: Map<number, { status: string; content: string | null; state: unknown; nextFits: boolean | null; fitReason: string | null }>;
}

const stopped = (signal: AbortSignal | undefined): boolean => signal?.aborted ?? false;
const empty = { promptTokens: 0, completionTokens: 0, costUsd: 0, targetCalls: 0, judgeCalls: 0 };
/** Requests a failed generation sent before it failed (errors and retries count as calls made). */
const requestsOf = (error: unknown): number => (error instanceof TargetError ? error.requests : 0);

/**
 * Regenerates the pending assistant turns of a chunk of a replay's conversations, storing each
 * as soon as it is done. Teacher-forced: every turn from its recorded history, all in parallel
 * (an HTTP target's turns of one conversation in order, so its state is handed on). On-policy:
 * each conversation in order with the regenerated replies in its history, the judge checking
 * after each reply that the next recorded user turn still fits. Simulated user: each conversation
 * with a scenario in order, the judge writing the user's messages until it says the goal is met
 * or failed, or maxTurns exchanges. Run again after a crash, it
 * generates only what is not stored.
 */
export async function executeReplayChunk(options: ExecuteReplayChunkOptions): Promise<{ generated: number }> {
  const { db, replayId, signal } = options;
  const replay = options.replay ?? (await getReplaySettingsRow(db, replayId));
  const settings = replaySettingsOf(replay);
  const work = await loadWork(db, replayId, replay.sourceDatasetId, options.range);
  if (work.every((w) => [...w.items.values()].every((i) => i.status !== 'pending'))) return { generated: 0 };

  let target: ReplayTargetClient;
  try {
    target = await createTarget(db, settings.target, options.env, { retries: options.retries, concurrency: settings.concurrency, setBy: settings.urlSetBy, lookup: options.lookup });
  } catch (error) {
    // A target this worker cannot build (its variable is unset here): every pending turn says why.
    const message = redactSecrets((error as Error).message);
    for (const w of work) for (const [turnIndex, item] of w.items) if (item.status === 'pending') await recordReplayTurn(db, replayId, { position: w.position, turnIndex }, { ...empty, error: message });
    return { generated: 0 };
  }
  const judge =
    settings.mode !== 'teacher-forced'
      ? (options.judge ??
        createJudge(settings.judge ?? { kind: 'offline' }, await loadJudgeConfigWithConnections(db, options.env), { cache: createPrismaJudgeCache(db), concurrency: settings.concurrency, deferCacheWrites: true }))
      : null;

  // On a cancel the requests in flight are aborted; on a shutdown or lost lease they finish and are stored.
  const cancel = new AbortController();
  // One listener per request in flight (removed when it ends): many at once is not a leak.
  setMaxListeners(0, cancel.signal);
  const batches = createCancelBatches(cancel.signal);
  const onStop = () => signal?.reason === 'cancelled' && cancel.abort(signal.reason);
  signal?.addEventListener('abort', onStop, { once: true });
  const limit = options.limit ?? pLimit(settings.concurrency);
  const recorder = createTurnRecorder(db, replayId, storeRetryOf(options.env, options.log ?? (() => undefined), signal));
  let toStart = work.reduce((n, w) => n + [...w.items.values()].filter((i) => i.status === 'pending').length, 0);
  const started = () => {
    if (--toStart === (options.lowWater ?? 0)) options.onQueueLow?.();
  };
  if (toStart <= (options.lowWater ?? 0)) options.onQueueLow?.();

  /**
   * A turn's extra generations (samples > 1): the same request again, sent alongside the turn's
   * own. A failed sample says why on itself and fails nothing else. Null with one sample.
   */
  function extraSamples(generate: () => Promise<TargetReply>): Promise<{ sample: ReplaySampleOutcome; requests: number }[]> | null {
    if (settings.samples <= 1) return null;
    return Promise.all(
      Array.from({ length: settings.samples - 1 }, async (_, i) => {
        const sample = i + 2;
        try {
          const reply = await generate();
          return { sample: { sample, content: reply.content, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, costUsd: reply.costUsd }, requests: reply.requests };
        } catch (error) {
          const message = error instanceof TargetError ? error.message : `unexpected failure: ${(error as Error).message}`;
          return { sample: { sample, error: redactSecrets(`sample ${sample}: ${message}`), promptTokens: 0, completionTokens: 0, costUsd: 0 }, requests: requestsOf(error) };
        }
      }),
    );
  }

  /** Attaches a turn's samples to its outcome, counted in its calls, tokens and cost. */
  function addSamples(outcome: ReplayTurnOutcome, extras: { sample: ReplaySampleOutcome; requests: number }[] | null): void {
    if (!extras) return;
    for (const { sample, requests } of extras) {
      outcome.promptTokens += sample.promptTokens;
      outcome.completionTokens += sample.completionTokens;
      outcome.costUsd += sample.costUsd;
      outcome.targetCalls += requests;
    }
    outcome.samples = extras.map((e) => e.sample);
  }

  /** The turn's reply and its samples; a failed reply stops its samples (they would be stored with nothing). */
  async function generateWithSamples(request: Parameters<ReplayTargetClient['generate']>[0], own: AbortController) {
    const extras = extraSamples(() => target.generate(request));
    try {
      const reply = await target.generate(request);
      return { reply, samples: extras ? await extras : null };
    } catch (error) {
      own.abort(error);
      throw error;
    }
  }

  async function produce(w: Work, turnIndex: number, regenerated: Map<number, string> | undefined, state: unknown): Promise<ReplayTurnOutcome | null> {
    started();
    if (stopped(signal)) return null;
    const messages = historyBefore(w.turns, turnIndex, regenerated);
    try {
      // With samples, a signal of the turn's own: its failed reply stops its samples and nothing else.
      const { reply, samples } =
        settings.samples > 1
          ? await abortable((s) => {
              const own = new AbortController();
              s.addEventListener('abort', () => own.abort(s.reason), { once: true });
              return generateWithSamples({ conversationId: w.key, turn: turnIndex, messages, state, signal: own.signal }, own);
            })
          : await batches.run(async (signal) => ({ reply: await target.generate({ conversationId: w.key, turn: turnIndex, messages, state, signal }), samples: null }));
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
      if (judge && next && next.role !== 'assistant' && !alreadyOff) {
        try {
          const fit = await checkNextTurnFits(judge, { previousTurns: messages, reply: reply.content, nextUserMessage: next.content }, cancel.signal);
          Object.assign(outcome, { nextFits: fit.fits, fitReason: fit.reason, judgeCalls: 1 });
          outcome.promptTokens += fit.promptTokens;
          outcome.completionTokens += fit.completionTokens;
          outcome.costUsd += fit.costUsd;
        } catch (error) {
          if (cancel.signal.aborted) return null;
          return { ...empty, targetCalls: reply.requests, error: redactSecrets(`turn ${turnIndex + 1}: the judge could not check that the next user turn still fits: ${(error as Error).message}`) };
        }
      }
      return outcome;
    } catch (error) {
      // A turn cut short by a stop is not an outcome: whoever resumes generates it.
      if (stopped(signal) || cancel.signal.aborted) return null;
      const message = error instanceof TargetError ? error.message : `unexpected failure: ${(error as Error).message}`;
      return { ...empty, targetCalls: requestsOf(error), error: redactSecrets(`conversation ${w.position + 1}, turn ${turnIndex + 1}: ${message}`) };
    }
  }

  function store(w: Work, turnIndex: number, outcome: ReplayTurnOutcome): void {
    recorder.add(w.position, turnIndex, outcome);
    const item = w.items.get(turnIndex)!;
    item.status = outcome.error === undefined ? 'done' : 'error';
    item.content = outcome.content ?? null;
    item.state = outcome.state ?? null;
    item.nextFits = outcome.nextFits ?? null;
    item.fitReason = outcome.fitReason ?? null;
  }

  /** Wraps a call so that a cancel aborts it (a signal of its own: the clients leave listeners on theirs). */
  async function abortable<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const own = new AbortController();
    const abort = () => own.abort(cancel.signal.reason);
    cancel.signal.addEventListener('abort', abort, { once: true });
    return call(own.signal).finally(() => cancel.signal.removeEventListener('abort', abort));
  }

  /**
   * One simulated exchange: the user message (the recorded first one, else the judge's), the
   * target's reply, then, unless it is the last exchange allowed, the judge's verdict with the
   * next user message.
   */
  async function produceSimulated(w: Work, turnIndex: number, transcript: TargetMessage[], user: { content: string; simulated: boolean } | null, state: unknown): Promise<ReplayTurnOutcome | null> {
    started();
    if (stopped(signal)) return null;
    const where = `conversation ${w.position + 1}, turn ${turnIndex + 1}`;
    const cost = { ...empty };
    const addJudge = (v: { promptTokens: number; completionTokens: number; costUsd: number }) => {
      cost.promptTokens += v.promptTokens;
      cost.completionTokens += v.completionTokens;
      cost.costUsd += v.costUsd;
      cost.judgeCalls++;
    };
    const scenario = { scenario: w.scenario ?? '', expectedOutcome: w.expectedOutcome };
    try {
      if (!user) {
        const opening = await abortable((s) => simulateUser(judge!, { ...scenario, transcript }, s));
        addJudge(opening);
        user = { content: opening.message, simulated: true };
      }
      const messages = [...transcript, { role: 'user' as const, content: user.content }];
      let reply;
      let samples;
      try {
        ({ reply, samples } = await abortable((s) => {
          const own = new AbortController();
          s.addEventListener('abort', () => own.abort(s.reason), { once: true });
          return generateWithSamples({ conversationId: w.key, turn: turnIndex, messages, state, signal: own.signal }, own);
        }));
      } catch (error) {
        if (stopped(signal) || cancel.signal.aborted) return null;
        const message = error instanceof TargetError ? error.message : `unexpected failure: ${(error as Error).message}`;
        return { ...empty, judgeCalls: cost.judgeCalls, targetCalls: requestsOf(error), error: redactSecrets(`${where}: ${message}`) };
      }
      cost.promptTokens += reply.promptTokens;
      cost.completionTokens += reply.completionTokens;
      cost.costUsd += reply.costUsd;
      cost.targetCalls = reply.requests;
      const last = turnIndex >= 2 * settings.maxTurns - 1;
      let next: SimulatedExchange['next'] = null;
      if (!last) {
        try {
          const verdict = await abortable((s) => simulateUser(judge!, { ...scenario, transcript: [...messages, { role: 'assistant', content: reply.content }] }, s));
          addJudge(verdict);
          next = { status: verdict.status, message: verdict.message, reason: verdict.reason };
        } catch (error) {
          if (cancel.signal.aborted) return null;
          return { ...empty, targetCalls: reply.requests, error: redactSecrets(`${where}: the judge playing the user could not answer: ${(error as Error).message}`) };
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
      if (stopped(signal) || cancel.signal.aborted) return null;
      return { ...empty, judgeCalls: cost.judgeCalls, error: redactSecrets(`${where}: the judge playing the user could not open the conversation: ${(error as Error).message}`) };
    }
  }

  /** A simulated conversation: its exchanges in order, each after the reply before it; stops at the judge's end. */
  async function simulate(w: Work): Promise<void> {
    const transcript: TargetMessage[] = [];
    const firstUser = w.turns.find((t) => t.role !== 'assistant');
    let user: { content: string; simulated: boolean } | null = firstUser ? { content: firstUser.content, simulated: false } : null;
    let state: unknown = null;
    let failedAt: number | null = null;
    for (const [turnIndex, item] of [...w.items].sort((a, b) => a[0] - b[0])) {
      if (stopped(signal)) return;
      if (item.status === 'done') {
        const exchange = simulatedStateOf(item.state);
        transcript.push({ role: 'user', content: exchange.user }, { role: 'assistant', content: item.content ?? '' });
        state = exchange.target ?? state;
        if (item.fitReason && SIMULATION_ENDS.has(item.fitReason)) {
          // Ended before a kill could drop the exchanges after it.
          if ([...w.items].some(([later, i]) => later > turnIndex && i.status === 'pending')) await endSimulatedConversation(db, replayId, w.position, turnIndex);
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
        store(w, turnIndex, { ...empty, error: `conversation ${w.position + 1}, turn ${turnIndex + 1}: not generated: turn ${failedAt + 1} failed, and the simulated conversation needs it` });
        continue;
      }
      const outcome = await limit(() => produceSimulated(w, turnIndex, transcript, user, state));
      if (outcome === null) return;
      store(w, turnIndex, outcome);
      if (outcome.error !== undefined) {
        failedAt = turnIndex;
        continue;
      }
      const exchange = outcome.state as SimulatedExchange;
      transcript.push({ role: 'user', content: exchange.user }, { role: 'assistant', content: outcome.content! });
      if (exchange.target !== null) state = exchange.target;
      if (outcome.fitReason && SIMULATION_ENDS.has(outcome.fitReason)) {
        // Stored first: a kill in between leaves the exchanges after it for the next worker to drop.
        await recorder.flush();
        await endSimulatedConversation(db, replayId, w.position, turnIndex);
        return;
      }
      user = exchange.next ? { content: exchange.next.message, simulated: true } : null;
    }
  }

  /** A conversation's turns in order: on-policy, or teacher-forced with a target that keeps state. */
  async function inOrder(w: Work, carryReplies: boolean): Promise<void> {
    const regenerated = new Map<number, string>();
    let state: unknown = null;
    let failedAt: number | null = null;
    for (const [turnIndex, item] of [...w.items].sort((a, b) => a[0] - b[0])) {
      if (stopped(signal)) return;
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
        store(w, turnIndex, { ...empty, error: `conversation ${w.position + 1}, turn ${turnIndex + 1}: not generated: turn ${failedAt + 1} failed, and on-policy history needs it` });
        continue;
      }
      const outcome = await limit(() => produce(w, turnIndex, carryReplies ? regenerated : undefined, state));
      if (outcome === null) return;
      store(w, turnIndex, outcome);
      if (outcome.error !== undefined) failedAt ??= turnIndex;
      else {
        regenerated.set(turnIndex, outcome.content!);
        if (outcome.state !== undefined) state = outcome.state;
      }
    }
  }

  try {
    if (settings.mode === 'simulated-user') {
      await Promise.all(work.map((w) => simulate(w)));
    } else if (settings.mode === 'on-policy' || target.kind === 'http') {
      await Promise.all(work.map((w) => inOrder(w, settings.mode === 'on-policy')));
    } else {
      const pending = work.flatMap((w) => [...w.items].filter(([, i]) => i.status === 'pending').map(([turnIndex]) => ({ w, turnIndex })));
      await Promise.all(
        pending.map(({ w, turnIndex }) =>
          limit(async () => {
            const outcome = await produce(w, turnIndex, undefined, null);
            if (outcome) store(w, turnIndex, outcome);
          }),
        ),
      );
    }
  } finally {
    signal?.removeEventListener('abort', onStop);
    batches.close();
  }
  // The judge's replies held for the cache are written before the chunk says it is done.
  await judge?.flush?.();
  return { generated: await recorder.close() };
}

async function loadWork(db: Db, replayId: string, datasetId: string, range: { from: number; to: number } | undefined): Promise<Work[]> {
  const { conversations, items } = await listChunkWork(db, replayId, datasetId, range);
  const byPosition = new Map<number, Work>();
  for (const c of conversations) byPosition.set(c.position, { position: c.position, key: c.externalId ?? c.matchKey, turns: c.turns, scenario: c.scenario, expectedOutcome: c.expectedOutcome, items: new Map() });
  for (const item of items) byPosition.get(item.position)?.items.set(item.turnIndex, { status: item.status, content: item.content, state: item.state, nextFits: item.nextFits, fitReason: item.fitReason });
  return [...byPosition.values()].filter((w) => w.items.size > 0);
}
