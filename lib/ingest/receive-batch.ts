import 'server-only';
import type { Db } from '../db/db-types';
import { isUnreachableDbError } from '../db/passing-error';
import { storeReceivedBatch } from '../db/queries/ingest/store-received-batch';
import { apiError, type ApiErrorCode } from '../http/errors';
import { notePendingBatch, pendingBatches } from './backlog-estimate';
import { checkIds, checksInFlight, MAX_CHECKS_IN_FLIGHT, type IdCheck } from './id-check';
import { cutWarning, MAX_BODY_BYTES, maxPendingBatches, RETRY_AFTER_S } from './limits';
import { encodeExportResponse, type Encoding, type Signal } from './otlp-codec';

function encodingOf(contentType: string | null): Encoding | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  return null;
}

/** The body, or null once it passes `limit` bytes (counted as it arrives; the rest is not read). */
async function readBounded(request: Request, limit: number): Promise<Uint8Array | null> {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** An error body with a status its code alone does not give (415, 429). */
const refusal = (code: ApiErrorCode, message: string, field: string | undefined, status: number, headers: Record<string, string> = {}): Response =>
  Response.json({ error: { code, message, ...(field ? { field } : {}) } }, { status, headers });

/** The OTLP success answer in the request's encoding, with partialSuccess when records were rejected. */
function accepted(signal: Signal, encoding: Encoding, partial?: { rejected: number; errorMessage: string }): Response {
  const body = encodeExportResponse(signal, encoding, partial);
  return body instanceof Uint8Array
    ? new Response(body, { status: 200, headers: { 'content-type': 'application/x-protobuf' } })
    : Response.json(body, { status: 200 });
}

const unavailable = (message: string): Response => refusal('BUSY', message, undefined, 503, { 'retry-after': String(RETRY_AFTER_S) });

/**
 * One OTLP/HTTP export: checks the encoding, the backlog and the size, has a worker thread decode
 * the body to count malformed ids (400 when the body is undecodable or every record is malformed;
 * partialSuccess when some are), then stores the body as it came. Turning it into facts and
 * conversations is the ingest worker's (lib/ingest/process-batches.ts). An unreachable database
 * or a checking thread that is behind is a 503 with Retry-After, a backlog a 429.
 */
export async function receiveBatch(db: Db, request: Request, signal: Signal, env: Record<string, string | undefined> = process.env): Promise<Response> {
  try {
    return await receive(db, request, signal, env);
  } catch (error) {
    if (!isUnreachableDbError(error)) throw error;
    await request.body?.cancel().catch(() => undefined);
    return unavailable('The database cannot be reached; nothing was stored. Retry later');
  }
}

async function receive(db: Db, request: Request, signal: Signal, env: Record<string, string | undefined>): Promise<Response> {
  const encoding = encodingOf(request.headers.get('content-type'));
  if (!encoding) {
    await request.body?.cancel().catch(() => undefined);
    return refusal('BAD_INPUT', 'Content-Type must be application/x-protobuf or application/json', 'content-type', 415);
  }
  const contentEncoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (contentEncoding !== 'gzip' && contentEncoding !== 'identity') {
    await request.body?.cancel().catch(() => undefined);
    return refusal('BAD_INPUT', 'Content-Encoding must be gzip or absent', 'content-encoding', 415);
  }
  const limit = maxPendingBatches(env);
  const pending = await pendingBatches(db, limit);
  if (pending >= limit) {
    await request.body?.cancel().catch(() => undefined);
    return refusal('BUSY', `${pending} batches are waiting to be processed; retry later`, undefined, 429, { 'retry-after': String(RETRY_AFTER_S) });
  }
  const declared = Number(request.headers.get('content-length'));
  const body = declared > MAX_BODY_BYTES ? null : await readBounded(request, MAX_BODY_BYTES);
  if (!body) {
    await request.body?.cancel().catch(() => undefined);
    return apiError('TOO_LARGE', `The body is over ${MAX_BODY_BYTES} bytes; send smaller batches (BatchSpanProcessor maxExportBatchSize)`, { field: 'body' });
  }
  if (checksInFlight() >= MAX_CHECKS_IN_FLIGHT) return unavailable(`${checksInFlight()} bodies are being checked; retry later`);
  const gzip = contentEncoding === 'gzip';
  const check = await checkIds(signal, encoding, gzip, body);
  if (check.kind === 'undecodable') return apiError('BAD_INPUT', check.message, { field: 'body' });
  if (check.kind === 'too-large') return apiError('TOO_LARGE', check.message, { field: 'body' });
  const records = signal === 'traces' ? 'span(s)' : 'log record(s)';
  if (check.kind === 'checked' && check.rejected > 0 && check.rejected === check.records) {
    return apiError('BAD_INPUT', `All ${check.rejected} ${records} have malformed ids; first: ${check.firstError}`, { field: 'body' });
  }
  if (check.kind === 'unchecked') console.error(`[otel] a body was stored unchecked: ${check.reason}`);
  await storeReceivedBatch(db, { signal, encoding, gzip, body });
  notePendingBatch(db);
  return accepted(signal, encoding, check.kind === 'checked' ? partialOf(check, records) : undefined);
}

/**
 * partialSuccess: the records rejected for malformed ids, and what the bounds cut of the others
 * (a warning: rejected stays 0 when only that), or nothing when all went in whole.
 */
function partialOf(check: Extract<IdCheck, { kind: 'checked' }>, records: string): { rejected: number; errorMessage: string } | undefined {
  const rejected = check.rejected > 0 ? `${check.rejected} ${records} rejected for malformed ids; first: ${check.firstError}` : null;
  const cut = cutWarning(check.cut);
  if (!rejected && !cut) return undefined;
  return { rejected: check.rejected, errorMessage: [rejected, cut].filter(Boolean).join('; ') };
}
