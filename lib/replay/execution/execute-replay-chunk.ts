import pLimit, { type LimitFunction } from 'p-limit';
import type { Db } from '../../db/db-types';
import { getReplaySettingsRow, type ReplaySettingsRow } from '../../db/queries/replays/get-replay-settings';
import { recordReplayTurn } from '../../db/queries/replays/record-replay-turn';
import { storeRetryOf } from '../../jobs/store-retry';
import type { Judge } from '../../judge/types';
import type { LookupAll } from '../../llm/egress';
import type { RetryPolicy } from '../../llm/send-with-retries';
import { createChunkContext, EMPTY_OUTCOME } from './chunk-context';
import { loadWork, pendingCount } from './chunk-work';
import { generateInOrder } from './in-order';
import { openReplaySession, type ReplaySession } from './replay-session';
import { generateSimulated } from './simulated-conversations';
import { generateTeacherForced } from './teacher-forced';
import { createTurnRecorder } from './turn-recorder';

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
  /** The replay's session (its target and judge, built once by the worker for all its chunks); one of the chunk's own when absent. */
  session?: ReplaySession;
  /** The pool of the replay's turns in flight, shared with its other chunks; one of the chunk's own when absent. */
  limit?: LimitFunction;
  /** Called once when no more than `lowWater` of the chunk's turns are left to start (the worker then reads the next chunk). */
  onQueueLow?: () => void;
  lowWater?: number;
  /** Told when the database fails the chunk's writes for a passing reason, and when it is back. */
  log?: (line: string) => void;
}

/**
 * Regenerates the pending assistant turns of a chunk of a replay's conversations, storing each
 * as soon as it is done, with the mode's own function over the pieces they share
 * (chunk-context.ts): teacher-forced (teacher-forced.ts: every turn from its recorded history, all
 * in parallel), on-policy or a stateful target (in-order.ts: each conversation in order, the
 * regenerated replies or the app's state handed on, the judge checking after each reply that the
 * next recorded user turn still fits), simulated user (simulated-conversations.ts: the judge
 * writing the user's messages until the goal is met or failed, or maxTurns exchanges). Run again
 * after a crash, it generates only what is not stored.
 */
export async function executeReplayChunk(options: ExecuteReplayChunkOptions): Promise<{ generated: number }> {
  const { db, replayId, signal } = options;
  const replay = options.session?.replay ?? options.replay ?? (await getReplaySettingsRow(db, replayId));
  const work = await loadWork(db, replayId, replay.sourceDatasetId, options.range);
  if (work.every((w) => [...w.items.values()].every((i) => i.status !== 'pending'))) return { generated: 0 };
  const session = options.session ?? (await openReplaySession(db, replayId, options.env, { replay, judge: options.judge, retries: options.retries, lookup: options.lookup }));
  const { settings } = session;
  if ('unavailable' in session.target) {
    // A target this worker cannot build (its variable is unset here): every pending turn says why.
    for (const w of work) for (const [turnIndex, item] of w.items) if (item.status === 'pending') await recordReplayTurn(db, replayId, { position: w.position, turnIndex }, { ...EMPTY_OUTCOME, error: session.target.unavailable });
    return { generated: 0 };
  }
  const recorder = createTurnRecorder(db, replayId, storeRetryOf(options.env, options.log ?? (() => undefined), signal));
  const ctx = createChunkContext({
    db,
    replayId,
    settings,
    target: session.target,
    judge: session.judge,
    limit: options.limit ?? pLimit(settings.concurrency),
    recorder,
    signal,
    toStart: pendingCount(work),
    lowWater: options.lowWater ?? 0,
    onQueueLow: options.onQueueLow,
  });
  try {
    if (settings.mode === 'simulated-user') await generateSimulated(ctx, work);
    else if (settings.mode === 'on-policy' || session.target.kind === 'http') await generateInOrder(ctx, work, settings.mode === 'on-policy');
    else await generateTeacherForced(ctx, work);
  } finally {
    ctx.close();
  }
  // The judge's replies held for the cache are written before the chunk says it is done.
  await session.judge?.flush?.();
  return { generated: await recorder.close() };
}
