import { createRunJudge } from '../../connections/judge-selection';
import type { Db } from '../../db/db-types';
import { getRunExecutionSettings } from '../../db/queries/runs/get-run-execution-settings';
import type { Judge } from '../../judge/types';
import { reportJudgeActivity } from './report-judge-activity';

export type RunSettings = Awaited<ReturnType<typeof getRunExecutionSettings>>;

/**
 * What a worker holds for a run while it scores its chunks: the run's settings and its judge,
 * built once (the configuration read, stored keys decrypted, the client and its pooled
 * connections made) rather than for every chunk, and one report of the judge's activity on the
 * run record for all its chunks in this worker, so chunks scored side by side count once.
 */
export interface RunSession {
  readonly runId: string;
  readonly run: RunSettings;
  readonly judge: Judge;
  /** Judge steps started and not answered yet, across the run's chunks in this worker. */
  readonly inFlight: { add(delta: number): void };
  /** Stops the report (its last write takes this worker's steps in flight back). */
  close(): Promise<void>;
}

/** Opens a run's session: `judge` replaces the run's configured judge (tests, an online pass that built it already). */
export async function openRunSession(db: Db, runId: string, env: Record<string, string | undefined>, options: { judge?: Judge } = {}): Promise<RunSession> {
  const run = await getRunExecutionSettings(db, runId);
  // Its replies reach the cache in batches: every chunk flushes the judge before it ends.
  const judge = options.judge ?? (await createRunJudge(db, run.projectId, run, env, { deferCacheWrites: true }));
  let inFlight = 0;
  const stopReporting = reportJudgeActivity(db, runId, judge, { inFlight: () => inFlight });
  return {
    runId,
    run,
    judge,
    inFlight: { add: (delta) => void (inFlight += delta) },
    close: stopReporting,
  };
}
