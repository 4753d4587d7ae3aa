import 'server-only';
import { runAgreement, type MetricAgreement } from '../../agreement/run-agreement';
import { getDb } from '../../db/client';

/** The agreement panel: per metric, how far the run's judge agrees with people's labels. */
export const loadRunAgreement = (projectId: string, runId: string): Promise<Record<string, MetricAgreement>> => runAgreement(getDb(), projectId, runId);
