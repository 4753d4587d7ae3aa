import { z } from 'zod';

/** A run's live numbers as the pages poll them: JSON-safe (times are ISO strings). */
export interface RunProgressSnapshot {
  id: string;
  status: string;
  /** 'offline': the judge's calls are rule evaluations, with no tokens and no cost. */
  judgeKind?: string;
  totalItems: number;
  doneItems: number;
  errorItems: number;
  judgeCalls: number;
  /** Judge calls made, stored or not (see judgeCallsSent in the schema). */
  judgeCallsSent: number;
  cacheHits: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  rateLimitRefusals: number;
  rateLimitedSince: string | null;
  /** Judge steps started and not answered yet (meaningful while the run is live). */
  judgeCallsInFlight: number;
  /** Tokens and cost of the judge requests answered so far, stored as results or not yet. */
  judgeTokensSent: number;
  judgeCostSent: number;
  /** Requests a minute the judge's endpoint allows, configured or learnt; null while unknown. */
  rateLimitRpm: number | null;
  /** False when the judge's model has no known price: its cost is unknown, not $0. */
  priced: boolean;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** A queued run: what the workers are busy with meanwhile (null when not known). */
  waitingBehind?: WaitingBehind | null;
}

/** What a queued run waits behind: the runs being scored now (the first few) and the queued runs before it. */
export interface WaitingBehind {
  /** Another project's job is shown without its name, id or link (otherProject). */
  running: { id: string; label: string; done: number; total: number; otherProject?: boolean }[];
  runningCount: number;
  queuedAhead: number;
}

/** Every status a run can have. */
export const RUN_STATUSES = ['queued', 'running', 'completed', 'completed_with_errors', 'failed', 'cancelled'] as const;

export const LIVE_RUN_STATUSES: ReadonlySet<string> = new Set(['queued', 'running']);
export const isLiveRun = (status: string): boolean => LIVE_RUN_STATUSES.has(status);

type DateLike = Date | null | undefined;
const iso = (d: DateLike): string | null => (d ? d.toISOString() : null);

/** Columns the workers keep current while a run goes on, and the price flag the server adds. */
type LiveOnly = 'priced' | 'judgeCallsSent' | 'judgeCallsInFlight' | 'judgeTokensSent' | 'judgeCostSent' | 'rateLimitRpm';
/** A run's progress as the database row has it. */
export type RunProgressSource = Omit<RunProgressSnapshot, LiveOnly | 'cacheHits' | 'rateLimitRefusals' | 'rateLimitedSince' | 'createdAt' | 'startedAt' | 'finishedAt'> & {
  judgeCallsSent?: number;
  judgeCallsInFlight?: number;
  judgeTokensSent?: number;
  judgeCostSent?: number;
  rateLimitRpm?: number | null;
  priced?: boolean;
  cacheHits?: number;
  rateLimitRefusals?: number;
  rateLimitedSince?: DateLike;
  createdAt: Date;
  startedAt: DateLike;
  finishedAt?: DateLike;
};

/** Judge calls made for results a cancel or a stopped worker never stored (0 while the run goes on). */
export const lostJudgeCalls = (run: Pick<RunProgressSnapshot, 'status' | 'judgeCalls' | 'judgeCallsSent'>): number =>
  isLiveRun(run.status) ? 0 : Math.max(0, run.judgeCallsSent - run.judgeCalls);

export function toRunProgressSnapshot(run: RunProgressSource): RunProgressSnapshot {
  return {
    id: run.id,
    status: run.status,
    ...(run.judgeKind ? { judgeKind: run.judgeKind } : {}),
    totalItems: run.totalItems,
    doneItems: run.doneItems,
    errorItems: run.errorItems,
    judgeCalls: run.judgeCalls,
    judgeCallsSent: run.judgeCallsSent ?? run.judgeCalls,
    cacheHits: run.cacheHits ?? 0,
    promptTokens: run.promptTokens,
    completionTokens: run.completionTokens,
    costUsd: run.costUsd,
    rateLimitRefusals: run.rateLimitRefusals ?? 0,
    rateLimitedSince: iso(run.rateLimitedSince),
    judgeCallsInFlight: run.judgeCallsInFlight ?? 0,
    judgeTokensSent: run.judgeTokensSent ?? 0,
    judgeCostSent: run.judgeCostSent ?? 0,
    rateLimitRpm: run.rateLimitRpm ?? null,
    priced: run.priced ?? true,
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  };
}

/**
 * What the page shows while a run goes on: the stored results' numbers, or what the workers
 * report of the judge's requests when that is ahead (calls answered before their result is
 * stored). Once the run has ended, the stored numbers alone.
 */
export function liveJudgeNumbers(run: RunProgressSnapshot): { calls: number; inFlight: number; tokens: number; costUsd: number } {
  const stored = { calls: run.judgeCalls, tokens: run.promptTokens + run.completionTokens, costUsd: run.costUsd };
  if (!isLiveRun(run.status)) return { ...stored, inFlight: 0 };
  return {
    calls: Math.max(stored.calls, run.judgeCallsSent),
    inFlight: Math.max(0, run.judgeCallsInFlight),
    tokens: Math.max(stored.tokens, run.judgeTokensSent),
    costUsd: Math.max(stored.costUsd, run.judgeCostSent),
  };
}

/** At most this many runs per progress request (a page of the runs list). */
export const MAX_PROGRESS_IDS = 200;

/** `?ids=a,b,c` of the progress route. */
export const progressIdsSchema = z
  .string({ error: 'give the run ids as ?ids=a,b,c' })
  .transform((s) => [...new Set(s.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(64, 'is not a run id')).min(1, 'give at least one run id').max(MAX_PROGRESS_IDS, `at most ${MAX_PROGRESS_IDS} runs at once`));
