import 'server-only';
import { z } from 'zod';
import type { Db } from '../db/db-types';
import { validationError } from '../http/errors';
import { pageOf, pageQuerySchema, queryOf } from './pagination';
import { listApiDatasets } from '../db/queries/datasets/list-api-datasets';

export const datasetsQuerySchema = pageQuerySchema.extend({
  modelVersion: z.string().trim().max(200, 'must be at most 200 characters').optional(),
});

/** GET /api/v1/datasets?modelVersion&page&pageSize: the project's datasets, newest first, a page at a time. */
export async function listDatasetsResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const query = datasetsQuerySchema.safeParse(queryOf(url));
  if (!query.success) return validationError(query.error);
  const { page, pageSize, modelVersion } = query.data;
  const { items, total } = await listApiDatasets(db, projectId, { modelVersion }, { skip: (page - 1) * pageSize, take: pageSize });
  return Response.json(pageOf(url, query.data, items, total), { headers: { 'cache-control': 'no-store' } });
}
