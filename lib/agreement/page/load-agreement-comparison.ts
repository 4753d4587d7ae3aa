import 'server-only';
import { runAgreement, type MetricAgreement } from '../run-agreement';
import { getDb } from '../../db/client';

/** The summary's agreement table: per run (in the order given), how far its judge agrees with people's labels, metric by metric. */
export const loadAgreementComparison = (projectId: string, runs: readonly { id: string }[]): Promise<Record<string, MetricAgreement>[]> =>
  Promise.all(runs.map((r) => runAgreement(getDb(), projectId, r.id)));
