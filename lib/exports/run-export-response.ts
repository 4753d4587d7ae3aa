import 'server-only';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { exportRunStream, runExportFileName, runExportQuerySchema, RUN_EXPORT_CONTENT_TYPES } from './run-export';
import { loadRunInfo } from './run-info';

/**
 * GET …/runs/:id/export?format=csv|json&level=results|verdicts: a run's results as a file (a run of another project: NOT_FOUND),
 * streamed from the database. Bad query: BAD_INPUT naming the parameter; unknown run: NOT_FOUND.
 */
export async function runExportResponse(db: Db, projectId: string, runId: string, request: Request): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = runExportQuerySchema.safeParse({ format: params.get('format') || undefined, level: params.get('level') || undefined });
  if (!query.success) {
    const issue = query.error.issues[0];
    const field = String(issue.path[0] ?? 'format');
    throw new AppError('BAD_INPUT', `${field}: ${issue.message}`, { field });
  }
  const run = await loadRunInfo(db, projectId, runId);
  const fileName = runExportFileName(run.id, query.data);
  return new Response(exportRunStream(db, run, query.data), {
    headers: {
      'content-type': RUN_EXPORT_CONTENT_TYPES[query.data.format],
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
