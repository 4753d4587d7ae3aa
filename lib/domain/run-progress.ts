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
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

/** Every status a run can have. */
export const RUN_STATUSES = ['queued', 'running', 'completed', 'completed_with_errors', 'failed', 'cancelled'] as const;

export const LIVE_RUN_STATUSES: ReadonlySet<string> = new Set(['queued', 'running']);
export const isLiveRun = (status: string): boolean => LIVE_RUN_STATUSES.has(status);

type DateLike = Date | null | undefined;
const iso = (d: DateLike): string | null => (d ? d.toISOString() : null);

/** A run's progress as the database row has it. */
export type RunProgressSource = Omit<RunProgressSnapshot, 'judgeCallsSent' | 'cacheHits' | 'rateLimitRefusals' | 'rateLimitedSince' | 'createdAt' | 'startedAt' | 'finishedAt'> & {
  judgeCallsSent?: number;
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
    createdAt: run.createdAt.toISOString(),
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
  };
}

/** At most this many runs per progress request (a page of the runs list). */
export const MAX_PROGRESS_IDS = 200;

/** `?ids=a,b,c` of the progress route. */
export const progressIdsSchema = z
  .string({ error: 'give the run ids as ?ids=a,b,c' })
  .transform((s) => [...new Set(s.split(',').map((id) => id.trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(64, 'is not a run id')).min(1, 'give at least one run id').max(MAX_PROGRESS_IDS, `at most ${MAX_PROGRESS_IDS} runs at once`));
