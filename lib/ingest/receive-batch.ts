import 'server-only';
import type { Db } from '../db/client';
import { apiError, type ApiErrorCode } from '../http/errors';
import { MAX_BODY_BYTES, maxPendingBatches, RETRY_AFTER_S } from './limits';
import type { Encoding, Signal } from './otlp-codec';

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

/** The OTLP success answer in the request's encoding: an empty Export*ServiceResponse. */
function accepted(encoding: Encoding): Response {
  return encoding === 'json'
    ? Response.json({}, { status: 200 })
    : new Response(new Uint8Array(), { status: 200, headers: { 'content-type': 'application/x-protobuf' } });
}

/**
 * One OTLP/HTTP export: checks the encoding, the backlog and the size, then stores the body as it
 * came. Decoding and grouping are the ingest worker's (lib/ingest/process-batches.ts).
 */
export async function receiveBatch(db: Db, request: Request, signal: Signal, env: Record<string, string | undefined> = process.env): Promise<Response> {
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
  const pending = await db.otlpBatch.count({ where: { processedAt: null } });
  if (pending >= maxPendingBatches(env)) {
    await request.body?.cancel().catch(() => undefined);
    return refusal('BUSY', `${pending} batches are waiting to be processed; retry later`, undefined, 429, { 'retry-after': String(RETRY_AFTER_S) });
  }
  const declared = Number(request.headers.get('content-length'));
  const body = declared > MAX_BODY_BYTES ? null : await readBounded(request, MAX_BODY_BYTES);
  if (!body) {
    await request.body?.cancel().catch(() => undefined);
    return apiError('TOO_LARGE', `The body is over ${MAX_BODY_BYTES} bytes; send smaller batches (BatchSpanProcessor maxExportBatchSize)`, { field: 'body' });
  }
  await db.otlpBatch.create({ data: { signal, encoding, gzip: contentEncoding === 'gzip', body: new Uint8Array(body), byteSize: body.byteLength } });
  return accepted(encoding);
}
