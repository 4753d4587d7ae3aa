import 'server-only';
import { agreementReports } from '../agreement/agreement-report';
import { runAgreement } from '../agreement/run-agreement';
import type { Db } from '../db/db-types';

/**
 * GET /api/v1/runs/:id/agreement: per metric, how far the run's per-turn verdicts agree with the
 * labels people gave the same turns (Cohen's κ with its 95% interval, balanced accuracy,
 * precision and recall of the failing verdict, the confusion matrix). Metrics without labelled
 * turns are absent.
 */
export async function runAgreementResponse(db: Db, projectId: string, runId: string): Promise<Response> {
  return Response.json({ metrics: agreementReports(await runAgreement(db, projectId, runId)) }, { headers: { 'cache-control': 'no-store' } });
}
