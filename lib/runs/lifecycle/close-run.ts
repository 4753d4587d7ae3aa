import { onRunClosed } from '../../alerts';
import { refreshRunVector } from '../../compare/get-run-vector';
import type { Db } from '../../db/db-types';
import { markRunClosed as writeClosedRun, type CloseGuard } from '../../db/queries/runs/mark-run-closed';
import { getRunVectorKey } from '../../db/queries/runs/get-run-vector-key';
import type { RunSummary } from '../../domain/run-summary';
import { computeRunAggregates } from '../aggregates/compute-run-aggregates';

export type FinalRunStatus = 'completed' | 'completed_with_errors' | 'failed' | 'cancelled';

export interface ClosedRun {
  status: FinalRunStatus;
  summary: RunSummary;
  /** False when the guard no longer matched (the run was cancelled, or another worker holds it). */
  closed: boolean;
}

/**
 * The one way a run ends: its numbers are computed from the stored results, written with
 * the final status, and the comparison pages' score vector is built (and, on a live dataset, its
 * verdicts exported over OTLP when TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT is set), and the alert rules on
 * runs are told (lib/alerts, evaluated in the background: scheduled runs too). Without an explicit
 * status a run with errored results is completed_with_errors. A run closed `again` (it had ended,
 * and retention deleted some of its results) has its numbers and vector rebuilt only: it keeps
 * its end time, and what its end set off (the export, the alert rules) is not set off twice.
 */
export async function closeRun(db: Db, runId: string, outcome: { status?: FinalRunStatus; error?: string; again?: boolean }, guard: CloseGuard = {}): Promise<ClosedRun> {
  const { summary, scoreStats, errors } = await computeRunAggregates(db, runId);
  const status: FinalRunStatus = outcome.status ?? (errors > 0 ? 'completed_with_errors' : 'completed');
  const closed = await writeClosedRun(db, runId, { status, summary, scoreStats: scoreStats as object, error: outcome.error ?? null }, guard, outcome.again === true);
  if (closed) {
    // The comparison pages read a finished run through its stored score vector: build it now,
    // so the first comparison does not pay for it. A failure here leaves it to be built lazily.
    const run = await getRunVectorKey(db, runId);
    if (run) await refreshRunVector(db, run).catch((e: Error) => console.error(`run ${runId}: score vector not stored: ${e.message}`));
    // A run on a live dataset sends its verdicts back out when an endpoint is set; never fails the
    // run. Loaded only then: the OpenTelemetry SDK is no cost to a server that exports nothing.
    if (!outcome.again && (status === 'completed' || status === 'completed_with_errors') && process.env.TURNWISE_EVAL_EXPORT_OTLP_ENDPOINT?.trim()) {
      const { exportRunEvaluations } = await import('../../eval-export/export-run-evaluations');
      await exportRunEvaluations(db, runId, process.env);
    }
    // Alert rules on runs look at it in the alerts lane; this records one signal and never fails the close.
    if (!outcome.again) await onRunClosed(db, runId);
  }
  return { status, summary, closed };
}
