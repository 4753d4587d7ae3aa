import { setMaxListeners } from 'node:events';
import type { LimitFunction } from 'p-limit';
import type { Db } from '../../db/db-types';
import type { ReplaySampleOutcome, ReplayTurnOutcome } from '../../db/queries/replays/record-replay-turn';
import type { Judge } from '../../judge/types';
import { redactSecrets } from '../../redact-secrets';
import type { ReplaySettings } from '../replay-settings';
import { TargetError, type ReplayTargetClient, type TargetReply, type TargetTurnRequest } from '../targets/target-types';
import { createCancelBatches } from './cancel-batches';
import type { Work } from './chunk-work';
import type { createTurnRecorder } from './turn-recorder';

/** An outcome with nothing spent: the start of every turn's counts. */
export const EMPTY_OUTCOME = { promptTokens: 0, completionTokens: 0, costUsd: 0, targetCalls: 0, judgeCalls: 0 };

/** Requests a failed generation sent before it failed (errors and retries count as calls made). */
export const requestsOf = (error: unknown): number => (error instanceof TargetError ? error.requests : 0);

/** A failed generation's message: the target's words, or an unexpected failure's. */
export const failureOf = (error: unknown): string => (error instanceof TargetError ? error.message : `unexpected failure: ${(error as Error).message}`);

/**
 * What every mode of a chunk shares: the replay's settings, target and judge, the pool of turns
 * in flight, the recorder of finished turns, and the two ways work stops — the worker's signal
 * (no new turn starts; on a shutdown or a lost lease, turns in flight finish and are stored) and
 * the cancel (turns in flight are aborted and not stored).
 */
export interface ChunkContext {
  db: Db;
  replayId: string;
  settings: ReplaySettings;
  target: ReplayTargetClient;
  /** The judge of on-policy fit checks and the simulated user; null in teacher-forced mode. */
  judge: Judge | null;
  limit: LimitFunction;
  recorder: ReturnType<typeof createTurnRecorder>;
  /** Aborted by a cancel only. */
  cancel: AbortSignal;
  /** Whether the worker stopped the chunk (a cancel, a shutdown, a lost lease): no new turn starts. */
  stopped(): boolean;
  /** Whether the chunk was stopped or cancelled: a turn cut short by it is no outcome (whoever resumes generates it). */
  interrupted(): boolean;
  /** Counts a turn as started (the worker reads the next chunk once few are left to start). */
  started(): void;
  /** Stores a turn's outcome (batched) and notes it on the work item. */
  store(w: Work, turnIndex: number, outcome: ReplayTurnOutcome): void;
  /** Runs a call that a cancel aborts, with a signal of its own (the clients leave listeners on theirs). */
  abortable<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Runs a call with a signal a cancel aborts, shared by a batch of calls. */
  batched<T>(call: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** The turn's reply and its extra samples (samples > 1); a failed reply stops its samples. */
  generateWithSamples(request: TargetTurnRequest, own: AbortController): Promise<{ reply: TargetReply; samples: SampleOutcome[] | null }>;
  /** Stops listening to the worker's signal and the cancel (the chunk has ended). */
  close(): void;
}

export interface SampleOutcome {
  sample: ReplaySampleOutcome;
  requests: number;
}

/** The pieces of a chunk's context, built once per chunk; `toStart` turns are pending, `onQueueLow` is told when no more than `lowWater` are left to start. */
type ChunkContextOptions = Pick<ChunkContext, 'db' | 'replayId' | 'settings' | 'target' | 'judge' | 'limit' | 'recorder'> & {
  signal?: AbortSignal;
  toStart: number;
  lowWater: number;
  onQueueLow?: () => void;
};

export function createChunkContext(options: ChunkContextOptions): ChunkContext {
  const { signal, settings, target } = options;
  const cancel = new AbortController();
  // One listener per request in flight (removed when it ends): many at once is not a leak.
  setMaxListeners(0, cancel.signal);
  const batches = createCancelBatches(cancel.signal);
  const onStop = () => signal?.reason === 'cancelled' && cancel.abort(signal.reason);
  signal?.addEventListener('abort', onStop, { once: true });
  let toStart = options.toStart;
  if (toStart <= options.lowWater) options.onQueueLow?.();
  const stopped = () => signal?.aborted ?? false;

  /**
   * A turn's extra generations (samples > 1): the same request again, sent alongside the turn's
   * own. A failed sample says why on itself and fails nothing else. Null with one sample.
   */
  function extraSamples(generate: () => Promise<TargetReply>): Promise<SampleOutcome[]> | null {
    if (settings.samples <= 1) return null;
    return Promise.all(
      Array.from({ length: settings.samples - 1 }, async (_, i) => {
        const sample = i + 2;
        try {
          const reply = await generate();
          return { sample: { sample, content: reply.content, promptTokens: reply.promptTokens, completionTokens: reply.completionTokens, costUsd: reply.costUsd }, requests: reply.requests };
        } catch (error) {
          return { sample: { sample, error: redactSecrets(`sample ${sample}: ${failureOf(error)}`), promptTokens: 0, completionTokens: 0, costUsd: 0 }, requests: requestsOf(error) };
        }
      }),
    );
  }

  return {
    db: options.db,
    replayId: options.replayId,
    settings,
    target,
    judge: options.judge,
    limit: options.limit,
    recorder: options.recorder,
    cancel: cancel.signal,
    stopped,
    interrupted: () => stopped() || cancel.signal.aborted,
    started() {
      if (--toStart === options.lowWater) options.onQueueLow?.();
    },
    store(w, turnIndex, outcome) {
      options.recorder.add(w.position, turnIndex, outcome);
      const item = w.items.get(turnIndex)!;
      item.status = outcome.error === undefined ? 'done' : 'error';
      item.content = outcome.content ?? null;
      item.state = outcome.state ?? null;
      item.nextFits = outcome.nextFits ?? null;
      item.fitReason = outcome.fitReason ?? null;
    },
    async abortable(call) {
      const own = new AbortController();
      const abort = () => own.abort(cancel.signal.reason);
      cancel.signal.addEventListener('abort', abort, { once: true });
      return call(own.signal).finally(() => cancel.signal.removeEventListener('abort', abort));
    },
    batched: (call) => batches.run(call),
    async generateWithSamples(request, own) {
      const extras = extraSamples(() => target.generate(request));
      try {
        const reply = await target.generate(request);
        return { reply, samples: extras ? await extras : null };
      } catch (error) {
        own.abort(error);
        throw error;
      }
    },
    close() {
      signal?.removeEventListener('abort', onStop);
      batches.close();
    },
  };
}

/** Attaches a turn's samples to its outcome, counted in its calls, tokens and cost. */
export function addSamples(outcome: ReplayTurnOutcome, extras: SampleOutcome[] | null): void {
  if (!extras) return;
  for (const { sample, requests } of extras) {
    outcome.promptTokens += sample.promptTokens;
    outcome.completionTokens += sample.completionTokens;
    outcome.costUsd += sample.costUsd;
    outcome.targetCalls += requests;
  }
  outcome.samples = extras.map((e) => e.sample);
}

/** The turn's reply and samples, with a signal of the turn's own that a cancel aborts: its failed reply stops its samples and nothing else. */
export function generateOnItsOwn(ctx: ChunkContext, request: Omit<TargetTurnRequest, 'signal'>): Promise<{ reply: TargetReply; samples: SampleOutcome[] | null }> {
  return ctx.abortable((s) => {
    const own = new AbortController();
    s.addEventListener('abort', () => own.abort(s.reason), { once: true });
    return ctx.generateWithSamples({ ...request, signal: own.signal }, own);
  });
}
