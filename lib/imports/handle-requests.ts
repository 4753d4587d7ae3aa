import 'server-only';
import { z } from 'zod';
import { databaseErrorOf } from '../db/database-error';
import type { Db } from '../db/db-types';
import { getDataset } from '../db/queries/datasets/get-dataset';
import { isAppError } from '../errors';
import { apiError, errorResponse } from '../http/errors';
import { declaredTooLarge, requestLimits, tooLarge } from '../http/limits';
import { bodyChunks } from './body-chunks';
import { exportDatasetStream, exportFileName, exportFormatSchema, EXPORT_FORMATS } from './export-dataset';
import { importDatasetStream } from './import-dataset';
import { importOptionsFromSearchParams } from './import-options';
import { rejectedImportResponse } from './rejected-import';
import { archiveLimitsFor } from './source-events';

/*
 * The boundary of the upload and download routes: validate the query, call lib, turn AppErrors
 * into HTTP answers of the API's shape, `{ error: { code, message, field?, … } }`. Routes stay
 * one line; tests call these with plain Requests.
 */

/** POST body = the file's bytes; name, modelVersion, fileName, format, csvMapping in the query; stored in the project. */
export async function handleImportRequest(db: Db, projectId: string, request: Request): Promise<Response> {
  const options = importOptionsFromSearchParams(new URL(request.url).searchParams);
  if (!options.success) {
    await request.body?.cancel().catch(() => {});
    const fieldErrors = z.flattenError(options.error).fieldErrors as Record<string, string[]>;
    const field = Object.keys(fieldErrors)[0];
    return apiError('BAD_INPUT', Object.values(fieldErrors).flat()[0] ?? 'Invalid import options', { ...(field ? { field } : {}), fieldErrors });
  }
  try {
    const limits = requestLimits();
    if (declaredTooLarge(request, limits.uploadBytes)) {
      await request.body?.cancel().catch(() => {});
      throw tooLarge('The upload', limits.uploadBytes, 'TURNWISE_MAX_UPLOAD_MB', 'file');
    }
    const outcome = await importDatasetStream(db, projectId, bodyChunks(request.body, limits.uploadBytes), options.data, { limits: limits.conversation, archive: archiveLimitsFor(limits.uploadBytes) });
    if (outcome.ok) return Response.json(outcome, { status: 201 });
    return rejectedImportResponse(outcome);
  } catch (error) {
    if (isAppError(error) || databaseErrorOf(error)) return errorResponse(error);
    // A database error or an upload cut short: what was stored so far was removed.
    console.error('dataset import failed:', error);
    return apiError('INTERNAL', 'The import failed on the server (see its log); nothing was stored.', { problems: [] });
  }
}

/** GET ?format=deepeval-json|jsonl|long-csv: a dataset of the project as a file, streamed from the database. */
export async function handleExportRequest(db: Db, projectId: string, datasetId: string, request: Request): Promise<Response> {
  const format = exportFormatSchema.safeParse(new URL(request.url).searchParams.get('format') ?? 'deepeval-json');
  if (!format.success) {
    return apiError('BAD_INPUT', `Unknown export format: expected one of ${Object.keys(EXPORT_FORMATS).join(', ')}`, { field: 'format' });
  }
  let name: string;
  try {
    name = (await getDataset(db, projectId, datasetId)).name;
  } catch (error) {
    return errorResponse(error);
  }
  const fileName = exportFileName(name, format.data);
  return new Response(exportDatasetStream(db, datasetId, format.data), {
    headers: {
      'content-type': EXPORT_FORMATS[format.data].contentType,
      'content-disposition': `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
