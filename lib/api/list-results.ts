import 'server-only';
import type { Db } from '../db/db-types';
import { getRunStatus } from '../db/queries/runs/get-run-status';
import { validationError } from '../http/errors';
import { pageOf, pageQueryFrom } from './pagination';
import { listRunResults } from '../db/queries/results/list-run-results';

/** GET /api/v1/runs/:id/results?page&pageSize: a page of results with their verdicts. */
export async function listResultsResponse(db: Db, projectId: string, runId: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = pageQueryFrom(url);
  if (!query.success) return validationError(query.error);
  await getRunStatus(db, projectId, runId); // NOT_FOUND for an unknown run (or another project's), rather than an empty page
  const { items, total } = await listRunResults(db, runId, { skip: (query.data.page - 1) * query.data.pageSize, take: query.data.pageSize });
  return Response.json(pageOf(url, query.data, items, total), { headers: { 'cache-control': 'no-store' } });
}
