import 'server-only';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { declaredTooLarge, requestLimits, tooLarge } from '../http/limits';
import { bodyChunks } from '../imports/body-chunks';
import { importDatasetStream } from '../imports/import-dataset';
import { importOptionsSchema, jsonField } from '../imports/import-options';
import { rejectedImportResponse } from '../imports/rejected-import';
import { archiveLimitsFor } from '../imports/source-events';
import { apiError, validationError } from '../http/errors';
import { multipartBoundary, multipartParts, readFieldText, type MultipartPart } from './multipart';

/** Form fields read as import options. */
const OPTION_FIELDS = new Set(['name', 'modelVersion', 'fileName', 'format', 'csvMapping', 'roleValues', 'threadKey', 'orderBy', 'skipInvalid', 'redact']);
/** Options that decide how the file is read: they must come before it (it is parsed as it arrives). */
const BEFORE_FILE = new Set(['fileName', 'format', 'csvMapping', 'roleValues', 'threadKey', 'orderBy', 'skipInvalid', 'redact']);
/** Options that may come after the file: applied in the import's transaction, before it commits. */
const lateSchema = importOptionsSchema.pick({ name: true, modelVersion: true }).partial();

const drain = async (part: MultipartPart) => {
  for await (const _ of part.body) {
    // skipped
  }
};

/** `support chats.v2.jsonl` → `support chats.v2`. */
const withoutExtension = (fileName: string): string => fileName.replace(/\.[^.]+$/, '') || fileName;

/**
 * POST /api/v1/datasets: a multipart form with the dataset in `file` (a file, or a zip archive of a
 * folder: Opik's export, Langfuse's files) and optional `name`, `modelVersion` (before or after it),
 * `format`, `csvMapping` (JSON), `roleValues` (JSON), `threadKey`, `orderBy`, `skipInvalid` and `redact`
 * (personal data to take out, lib/pii/redact-spec.ts) (before it). Scores the file carries (Langfuse,
 * Opik, promptfoo, LangSmith) are stored as a run that tool scored (`run` in the answer). The file
 * streams into the same import the upload page uses: nothing is stored unless the whole file is
 * valid, or, with skipInvalid=true, the valid conversations and a note of the lines left out.
 */
export async function createDatasetResponse(db: Db, projectId: string, request: Request): Promise<Response> {
  const boundary = multipartBoundary(request.headers.get('content-type'));
  if (!boundary) {
    await request.body?.cancel().catch(() => undefined);
    return apiError('BAD_INPUT', 'Send a multipart/form-data body with the dataset in a field named file', { field: 'file' });
  }
  const limits = requestLimits();
  if (declaredTooLarge(request, limits.uploadBytes)) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge('The upload', limits.uploadBytes, 'TURNWISE_MAX_UPLOAD_MB', 'file');
  }
  const parts = multipartParts(bodyChunks(request.body, limits.uploadBytes), boundary);
  const fields: Record<string, string> = {};
  let file: MultipartPart | null = null;
  for (;;) {
    const next = await parts.next();
    if (next.done) break;
    const part = next.value;
    if (part.name === 'file') {
      file = part;
      break;
    }
    if (OPTION_FIELDS.has(part.name)) fields[part.name] = await readFieldText(part);
    else await drain(part);
  }
  if (!file) return apiError('BAD_INPUT', 'file: no file field in the form', { field: 'file' });

  const fileName = fields.fileName ?? file.fileName ?? undefined;
  const options = importOptionsSchema.safeParse({
    name: fields.name ?? (fileName ? withoutExtension(fileName) : ''),
    modelVersion: fields.modelVersion,
    fileName,
    format: fields.format || undefined,
    csvMapping: jsonField(fields.csvMapping),
    roleValues: jsonField(fields.roleValues),
    threadKey: fields.threadKey || undefined,
    orderBy: fields.orderBy || undefined,
    skipInvalid: fields.skipInvalid || undefined,
    redact: fields.redact || undefined,
  });
  if (!options.success) {
    await parts.return(undefined);
    return validationError(options.error);
  }

  const late: Record<string, string> = {};
  let lateDetails: { name?: string; modelVersion?: string } = {};
  const fileThenRest = async function* (): AsyncGenerator<Uint8Array> {
    yield* file.body;
    // Read before the import's transaction commits: a bad late field rolls it back.
    for (;;) {
      const next = await parts.next();
      if (next.done) break;
      const part = next.value;
      if (part.name === 'file') throw new AppError('BAD_INPUT', 'file: send one file per request', { field: 'file' });
      if (BEFORE_FILE.has(part.name)) {
        throw new AppError('BAD_INPUT', `${part.name}: put this field before file in the form (it decides how the file is read)`, { field: part.name });
      }
      if (OPTION_FIELDS.has(part.name)) late[part.name] = await readFieldText(part);
      else await drain(part);
    }
    const checked = lateSchema.safeParse(late);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = String(issue.path[0]);
      throw new AppError('BAD_INPUT', `${field}: ${issue.message}`, { field });
    }
    lateDetails = Object.fromEntries(Object.entries(checked.data).filter(([, v]) => v !== undefined));
  };
  const outcome = await importDatasetStream(db, projectId, fileThenRest(), options.data, { lateDetails: () => lateDetails, limits: limits.conversation, archive: archiveLimitsFor(limits.uploadBytes) });
  if (!outcome.ok) return rejectedImportResponse(outcome);
  return Response.json(
    {
      id: outcome.datasetId,
      format: outcome.format,
      conversations: outcome.stats.conversations,
      turns: outcome.stats.turns,
      ...(outcome.stats.redactions ? { redactions: outcome.stats.redactions } : {}),
      ...(outcome.skipped.length ? { skipped: outcome.skipped } : {}),
      warnings: outcome.problems,
      ...(outcome.notes.length ? { notes: outcome.notes } : {}),
      // The scores the file carried, stored as a run that tool scored.
      ...(outcome.run ? { run: { id: outcome.run.runId, origin: outcome.run.origin, metrics: outcome.run.metrics, results: outcome.run.results } } : {}),
    },
    { status: 201 },
  );
}
