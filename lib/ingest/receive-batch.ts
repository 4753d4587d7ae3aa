import 'server-only';
import type { Db } from '../db/db-types';
import { storeReceivedBatch } from '../db/queries/ingest/store-received-batch';
import { notePendingBatch, pendingBatches } from './backlog-estimate';
import { checkIds, checksInFlight, MAX_CHECKS_IN_FLIGHT, type IdCheck } from './id-check';
import { cutWarning, lockWaitMs, MAX_BODY_BYTES, maxPendingBatches, RETRY_AFTER_S } from './limits';
import { encodeExportResponse, type Encoding, type Signal } from './otlp-codec';
import { readStreamUpTo } from '../streams/read-up-to';
import { encodingOf, GRPC_CODE, otlpRefusal, storageUnavailable } from './otlp-status';

/** The OTLP success answer in the request's encoding, with partialSuccess when records were rejected. */
function accepted(signal: Signal, encoding: Encoding, partial?: { rejected: number; errorMessage: string }): Response {
  const body = encodeExportResponse(signal, encoding, partial);
  return body instanceof Uint8Array
    ? new Response(body, { status: 200, headers: { 'content-type': 'application/x-protobuf' } })
    : Response.json(body, { status: 200 });
}

const retryAfter = { 'retry-after': String(RETRY_AFTER_S) };

/**
 * One OTLP/HTTP export into a project (the key's: lib/ingest/with-ingest.ts): checks the encoding, the backlog and the size, has a worker thread decode
 * the body to count malformed ids (400 when the body is undecodable or every record is malformed;
 * partialSuccess when some are), then stores the body as it came. Turning it into facts and
 * conversations is the ingest worker's (lib/ingest/process-batches.ts).
 *
 * Every refusal is a google.rpc.Status in the request's encoding (OTLP/HTTP's failure body). What
 * passes is answered so that the exporter sends the batch again, as the specification has it: a
 * backlog is a 429, and the database out of reach or restarting, busy or locked, read-only or
 * full, or a checking thread that is behind, a 503; both with Retry-After. Nothing is stored then.
 */
export async function receiveBatch(db: Db, projectId: string, request: Request, signal: Signal, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const encoding = encodingOf(request.headers.get('content-type'));
  try {
    return await receive(db, projectId, request, signal, encoding, env);
  } catch (error) {
    const unavailable = storageUnavailable(encoding, error);
    if (!unavailable) throw error;
    await request.body?.cancel().catch(() => undefined);
    return unavailable;
  }
}

async function receive(db: Db, projectId: string, request: Request, signal: Signal, encoding: Encoding | null, env: Record<string, string | undefined>): Promise<Response> {
  const refuse = async (status: number, grpcCode: number, error: { code: string; message: string; field?: string }, headers?: Record<string, string>) => {
    await request.body?.cancel().catch(() => undefined);
    return otlpRefusal(encoding, status, grpcCode, error, headers);
  };
  if (!encoding) return refuse(415, GRPC_CODE.INVALID_ARGUMENT, { code: 'BAD_INPUT', message: 'Content-Type must be application/x-protobuf or application/json', field: 'content-type' });
  const contentEncoding = (request.headers.get('content-encoding') ?? 'identity').trim().toLowerCase();
  if (contentEncoding !== 'gzip' && contentEncoding !== 'identity') {
    return refuse(415, GRPC_CODE.INVALID_ARGUMENT, { code: 'BAD_INPUT', message: 'Content-Encoding must be gzip or absent', field: 'content-encoding' });
  }
  const limit = maxPendingBatches(env);
  const pending = await pendingBatches(db, limit);
  if (pending >= limit) return refuse(429, GRPC_CODE.RESOURCE_EXHAUSTED, { code: 'BUSY', message: `${pending} batches are waiting to be processed; retry later` }, retryAfter);
  const declared = Number(request.headers.get('content-length'));
  const body = declared > MAX_BODY_BYTES ? null : await readStreamUpTo(request.body, MAX_BODY_BYTES);
  const tooLarge = `The body is over ${MAX_BODY_BYTES} bytes; send smaller batches (BatchSpanProcessor maxExportBatchSize)`;
  if (!body) return refuse(413, GRPC_CODE.INVALID_ARGUMENT, { code: 'TOO_LARGE', message: tooLarge, field: 'body' });
  if (checksInFlight() >= MAX_CHECKS_IN_FLIGHT) return refuse(503, GRPC_CODE.UNAVAILABLE, { code: 'BUSY', message: `${checksInFlight()} bodies are being checked; retry later` }, retryAfter);
  const gzip = contentEncoding === 'gzip';
  const check = await checkIds(signal, encoding, gzip, body);
  if (check.kind === 'undecodable') return refuse(400, GRPC_CODE.INVALID_ARGUMENT, { code: 'BAD_INPUT', message: check.message, field: 'body' });
  if (check.kind === 'too-large') return refuse(413, GRPC_CODE.INVALID_ARGUMENT, { code: 'TOO_LARGE', message: check.message, field: 'body' });
  const records = signal === 'traces' ? 'span(s)' : 'log record(s)';
  if (check.kind === 'checked' && check.rejected > 0 && check.rejected === check.records) {
    return refuse(400, GRPC_CODE.INVALID_ARGUMENT, { code: 'BAD_INPUT', message: `All ${check.rejected} ${records} have malformed ids; first: ${check.firstError}`, field: 'body' });
  }
  if (check.kind === 'unchecked') console.error(`[otel] a body was stored unchecked: ${check.reason}`);
  await storeReceivedBatch(db, projectId, { signal, encoding, gzip, body }, { lockWaitMs: lockWaitMs(env) });
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
