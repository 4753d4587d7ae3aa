/*
 * Alerts as the other features use them: the front door. Where something alerts may care about
 * happens, the feature calls one of these (a run closes: lib/runs/lifecycle/close-run.ts; a
 * replay ends: lib/replay/lifecycle/close-replay.ts; an online rule's pass: lib/online; batches
 * fail to ingest: lib/ingest). Each records a signal in one insert and wakes this process's
 * alerts lane; the evaluation and any delivery happen there (lib/alerts/alert-jobs.ts). None of
 * them throws or waits for an evaluation: a failure to record is logged, and the path that
 * called goes on. A feature imports nothing else of lib/alerts (eslint.config.mjs says so).
 */
import type { Db } from '../db/db-types';
import { insertAlertSignal } from '../db/queries/alerts/alert-signals';
import { wakeWorkers } from '../jobs/worker-manager';
import { redactSecrets } from '../redact-secrets';
import { ALERT_JOBS } from './kind-name';

async function signal(db: Db, kind: 'run' | 'replay' | 'online' | 'ingest', subjectId: string | null, detail?: object): Promise<void> {
  try {
    await insertAlertSignal(db, { kind, subjectId, detail });
    wakeWorkers(ALERT_JOBS);
  } catch (error) {
    console.error(`[alerts] the ${kind} signal ${subjectId ?? ''} was not recorded: ${redactSecrets((error as Error).message)}`);
  }
}

/** A run closed (completed, completed with errors, failed or cancelled): rules on runs' results and failures look at it. */
export const onRunClosed = (db: Db, runId: string): Promise<void> => signal(db, 'run', runId);

/** A replay ended (completed, failed, or its evaluation could not start): rules on replay failures look at it. */
export const onReplayEnded = (db: Db, replayId: string): Promise<void> => signal(db, 'replay', replayId);

/** An online rule's pass scored conversations or hit its daily cap: its window and cost rules look again. */
export const onOnlinePass = (db: Db, onlineRuleId: string): Promise<void> => signal(db, 'online', onlineRuleId);

/** Received batches could not be ingested (kept, not retried): rules on ingest failures fire. */
export const onIngestFailed = (db: Db, failure: { projectId: string; batches: number; error: string }): Promise<void> =>
  signal(db, 'ingest', failure.projectId, { batches: failure.batches, error: redactSecrets(failure.error).slice(0, 1000) });
