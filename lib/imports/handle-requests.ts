import { z } from 'zod';
import type { Db } from '../db/queries/db-types';
import { getDataset } from '../db/queries/datasets/get-dataset';
import { isAppError } from '../errors';
import { bodyChunks } from './body-chunks';
import { exportDatasetStream, exportFileName, exportFormatSchema, EXPORT_FORMATS } from './export-dataset';
import { importDatasetStream } from './import-dataset';
import { importOptionsFromSearchParams } from './import-options';

/*
 * The boundary of the upload and download routes: validate the query, call lib, turn AppErrors
 * into HTTP answers. Routes stay one line; tests call these with plain Requests.
 */

/** POST body = the file's bytes; name, modelVersion, fileName, format, csvMapping in the query. */
export async function handleImportRequest(db: Db, request: Request): Promise<Response> {
  const options = importOptionsFromSearchParams(new URL(request.url).searchParams);
  if (!options.success) {
    await request.body?.cancel().catch(() => {});
    const fieldErrors = z.flattenError(options.error).fieldErrors;
    return Response.json({ ok: false, message: Object.values(fieldErrors).flat()[0] ?? 'Invalid import options', fieldErrors }, { status: 400 });
  }
  try {
    const outcome = await importDatasetStream(db, bodyChunks(request.body), options.data);
    return Response.json(outcome, { status: outcome.ok ? 201 : 422 });
  } catch (error) {
    // A database error or an upload cut short: the transaction was rolled back.
    console.error('dataset import failed:', error);
    return Response.json({ ok: false, message: 'The import failed on the server (see its log); nothing was stored.', problems: [] }, { status: 500 });
  }
}

/** GET ?format=deepeval-json|jsonl|long-csv: the dataset as a file, streamed from the database. */
export async function handleExportRequest(db: Db, datasetId: string, request: Request): Promise<Response> {
  const format = exportFormatSchema.safeParse(new URL(request.url).searchParams.get('format') ?? 'deepeval-json');
  if (!format.success) {
    return Response.json({ ok: false, message: `Unknown export format: expected one of ${Object.keys(EXPORT_FORMATS).join(', ')}` }, { status: 400 });
  }
  let name: string;
  try {
    name = (await getDataset(db, datasetId)).name;
  } catch (error) {
    if (isAppError(error) && error.code === 'NOT_FOUND') return Response.json({ ok: false, message: error.message }, { status: 404 });
    throw error;
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
