import 'server-only';
import { z } from 'zod';
import type { Db } from '../db/db-types';
import { RUN_STATUSES } from '../domain/run-progress';
import { validationError } from '../http/errors';
import { pageOf, pageQuerySchema, queryOf } from './pagination';
import { listRunRows } from '../db/queries/runs/list-run-rows';
import { runInfoOf, type RunInfo } from '../exports/run-info';

const optionalText = z.string().trim().max(200, 'must be at most 200 characters').optional();

export const runsQuerySchema = pageQuerySchema.extend({
  dataset: optionalText,
  status: z.enum(RUN_STATUSES, { error: `must be one of ${RUN_STATUSES.join(', ')}` }).optional(),
  modelVersion: optionalText,
});

/** GET /api/v1/runs?dataset&status&modelVersion&page&pageSize: the project's runs, newest first, a page at a time. */
export async function listRunsResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = runsQuerySchema.safeParse(queryOf(url));
  if (!query.success) return validationError(query.error);
  const { page, pageSize, dataset, status, modelVersion } = query.data;
  const { rows, total } = await listRunRows(db, projectId, { datasetId: dataset, status, modelVersion }, { skip: (page - 1) * pageSize, take: pageSize });
  // One after another: a run still going on sums its stored results (one query), the rest read theirs.
  const items: RunInfo[] = [];
  for (const row of rows) items.push(await runInfoOf(db, row));
  return Response.json(pageOf(url, query.data, items, total), { headers: { 'cache-control': 'no-store' } });
}
