import 'server-only';
import { z } from 'zod';
import { compareRuns } from '../compare/compare-runs';
import type { Db } from '../db/db-types';
import { validationError } from '../http/errors';

const runId = z.string().trim().min(1, 'a run id is required').max(100);

/** ?baseline=<runId>&candidate=<runId>[&candidate=…] (or comma-separated candidates). */
export const compareQuerySchema = z.object({
  baseline: runId,
  candidate: z.array(runId).min(1, 'a run id is required'),
});

/** GET /api/v1/compare: the per-metric comparison of candidate runs with a baseline run. */
export async function compareResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = compareQuerySchema.safeParse({
    baseline: params.get('baseline') ?? '',
    candidate: params
      .getAll('candidate')
      .flatMap((c) => c.split(','))
      .map((c) => c.trim())
      .filter(Boolean),
  });
  // A missing candidate is reported as `candidate`, not `candidate.0`.
  if (!query.success) return validationError(query.error, (path) => String(path[0] ?? 'baseline'));
  return Response.json(await compareRuns(db, projectId, query.data.baseline, query.data.candidate), { headers: { 'cache-control': 'no-store' } });
}
