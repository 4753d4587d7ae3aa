import { setMaxListeners } from 'node:events';
import type { Db } from '../../db/db-types';
import { listRunConversations } from '../../db/queries/runs/list-run-conversations';
import { listStoredItems, storedItemKey } from '../../db/queries/runs/list-stored-items';
import { withCall, type Judge } from '../../judge/types';
import { evaluateConversations } from './evaluate-conversations';
import { withBreaker } from './judge-breaker';
import { openRunSession, type RunSession } from './run-session';
import { metricSelectionsOf } from '../../metrics/selected-metric';
import { createResultWriter } from '../lifecycle';
import { storeRetryOf } from '../../jobs/store-retry';

const STOPPED = 'RunStopped';
/** Why a chunk stops when its judge keeps failing the same way. */
const JUDGE_FAILING = 'judge failing';

/**
 * The judge as a run uses it. A turn of the event loop before every call: the offline
 * judge computes synchronously, so an item would otherwise hold the process for its whole
 * pipeline, and the app server's worker shares the process with the pages. Once the run
 * is stopped, no new call starts; on a cancel or a tripped breaker, calls in flight or waiting
 * for a request slot are aborted too, so a cancelled run spends nothing more. When a worker hands a run back (shutdown, lost lease),
 * calls in flight finish and their replies reach the cache for whoever resumes.
 */
function forRun(judge: Judge, signal: AbortSignal | undefined, inFlight: RunSession['inFlight']): { judge: Judge; dispose: () => void } {
  const cancelled = new AbortController();
  // One listener per call in flight (removed when it ends): many at once is not a leak here.
  setMaxListeners(0, cancelled.signal);
  // A cancel, or a judge that fails every request the same way (the breaker): what is in flight or
  // waiting for a request slot is dropped, rather than sent to fail like the rest.
  const onStop = () => (signal?.reason === 'cancelled' || signal?.reason === JUDGE_FAILING) && cancelled.abort(signal.reason);
  signal?.addEventListener('abort', onStop, { once: true });
  const counted = async <T>(call: () => Promise<T>): Promise<T> => {
    inFlight.add(1);
    try {
      return await call();
    } finally {
      inFlight.add(-1);
    }
  };
  return {
    dispose: () => signal?.removeEventListener('abort', onStop),
    judge: withCall(judge, async (request) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (signal?.aborted) {
        const error = new Error('the run was stopped');
        error.name = STOPPED;
        throw error;
      }
      if (!signal) return counted(() => judge.call(request));
      // A signal of its own per call: the judge client may leave listeners on what it is given,
      // and a run makes thousands of calls.
      const call = new AbortController();
      const abort = () => call.abort(cancelled.signal.reason);
      cancelled.signal.addEventListener('abort', abort, { once: true });
      try {
        return await counted(() => judge.call({ ...request, signal: call.signal }));
      } finally {
        cancelled.signal.removeEventListener('abort', abort);
      }
    }),
  };
}

export interface ExecuteChunkOptions {
  db: Db;
  env: Record<string, string | undefined>;
  runId: string;
  /** Conversation positions from (inclusive) to (exclusive); the whole dataset when absent. */
  range?: { from: number; to: number };
  /** Stops taking new items; items already being scored finish and are stored. */
  signal?: AbortSignal;
  /** Replaces the run's configured judge (tests, an online pass that built it once for its conversations). */
  judge?: Judge;
  /** The run's session (its judge and report, held by the worker across the run's chunks); one of the chunk's own when absent. */
  session?: RunSession;
  /** Told when the database fails the chunk's writes for a passing reason, and when it is back. */
  log?: (line: string) => void;
}

/**
 * Scores the items of one chunk of a run that have no stored result yet, storing results in
 * batches as they are done (the chunk ends once all are stored). Running it again after a crash scores only what is
 * missing; a judge request asked again comes from the judge cache.
 */
export async function executeRunChunk(options: ExecuteChunkOptions): Promise<{ scored: number }> {
  const { db, runId } = options;
  const session = options.session ?? (await openRunSession(db, runId, options.env, { judge: options.judge }));
  try {
    return await scoreChunk(options, session);
  } finally {
    if (!options.session) await session.close();
  }
}

async function scoreChunk(options: ExecuteChunkOptions, session: RunSession): Promise<{ scored: number }> {
  const { db, runId } = options;
  const { run } = session;
  const rows = await listRunConversations(db, run.datasetId, options.range);
  if (rows.length === 0) return { scored: 0 };
  const stored = await listStoredItems(db, runId, options.range ? rows.map((r) => r.id) : undefined);
  // A judge that keeps failing the same way stops the chunk: no new item starts, and the
  // chunk ends with the breaker's error, which fails the run (see the workers).
  const halted = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, halted.signal]) : halted.signal;
  const breaker = withBreaker(session.judge, () => halted.abort(JUDGE_FAILING));
  const { judge, dispose } = forRun(breaker.judge, signal, session.inFlight);
  // Results are stored in batches while the next items are scored; a store that fails stops the
  // chunk, unless it fails for a passing reason: then it is tried again until the database takes it.
  const writer = createResultWriter(db, runId, () => halted.abort('store failing'), storeRetryOf(options.env, options.log ?? (() => undefined), options.signal));
  let failure: unknown = null;
  try {
    await evaluateConversations({
      conversations: rows.map((r) => r.conversation),
      metrics: metricSelectionsOf(run.metricSettings),
      judge,
      concurrency: run.concurrency,
      samples: run.samples,
      temperature: run.temperature ?? undefined,
      signal,
      retain: false,
      skip: (item) => stored.has(storedItemKey(rows[item.conversation].id, item.metric)),
      onResult: (item, result) => {
        // An item cut short by the stop is not a result: whoever resumes the run scores it again.
        if (signal.aborted && result.error !== null) return;
        writer.add(rows[item.conversation].id, result);
      },
    });
  } catch (error) {
    failure = error;
  } finally {
    dispose();
  }
  // The judge's replies held for the cache are written before the chunk ends: whoever resumes finds them.
  await judge.flush?.().catch((error: unknown) => {
    failure ??= error;
  });
  let scored = 0;
  try {
    // The chunk is done only once what it scored is stored, also when it stops early.
    scored = await writer.flushed();
  } catch (error) {
    failure ??= error;
  }
  if (failure !== null) throw failure;
  const stop = breaker.tripped();
  if (stop) throw stop;
  return { scored };
}
