import protobuf from 'protobufjs/light.js';
import { passingDbProblemOf, type PassingDbProblem } from '../db/passing-error';
import { RETRY_AFTER_S } from './limits';
import type { Encoding } from './otlp-codec';

/*
 * google.rpc.Status (googleapis' google/rpc/status.proto), the body OTLP/HTTP gives every 4xx and
 * 5xx answer, in the encoding of the request: binary protobuf, or its proto3 JSON mapping.
 */
const root = protobuf.Root.fromJSON({
  nested: {
    google: {
      nested: {
        protobuf: { nested: { Any: { fields: { type_url: { type: 'string', id: 1 }, value: { type: 'bytes', id: 2 } } } } },
        rpc: {
          nested: {
            Status: {
              fields: { code: { type: 'int32', id: 1 }, message: { type: 'string', id: 2 }, details: { rule: 'repeated', type: 'google.protobuf.Any', id: 3 } },
            },
          },
        },
      },
    },
  },
});
export const StatusType = root.lookupType('google.rpc.Status');

/** gRPC's codes for the answers the receiver gives (OTLP clients may log them; they retry by the HTTP status). */
export const GRPC_CODE = { INVALID_ARGUMENT: 3, NOT_FOUND: 5, PERMISSION_DENIED: 7, RESOURCE_EXHAUSTED: 8, UNAVAILABLE: 14, UNAUTHENTICATED: 16 } as const;

/**
 * A refusal as OTLP/HTTP says it: `status`, a Status body in the request's encoding (JSON when the
 * request's was not understood), `headers` (Retry-After). The JSON form also carries the API's own
 * `error` object, which OTLP clients ignore as an unknown field and scripts read as on every route.
 */
export function otlpRefusal(
  encoding: Encoding | null,
  status: number,
  grpcCode: number,
  error: { code: string; message: string; field?: string },
  headers: Record<string, string> = {},
): Response {
  if (encoding === 'protobuf') {
    const body = StatusType.encode(StatusType.fromObject({ code: grpcCode, message: error.message })).finish();
    return new Response(new Uint8Array(body), { status, headers: { ...headers, 'content-type': 'application/x-protobuf' } });
  }
  return Response.json({ code: grpcCode, message: error.message, details: [], error }, { status, headers });
}

const NOTHING_STORED: Record<PassingDbProblem, string> = {
  unreachable: 'The database cannot be reached',
  busy: 'The database is busy with other writes',
  'read-only': 'The database is read-only',
  full: "The database's disk is full",
};

/**
 * A passing storage condition (the database out of reach or restarting, busy or locked,
 * read-only, its disk full) as OTLP/HTTP's retryable 503 with Retry-After, so that the exporter
 * sends the batch again; undefined for any other error.
 */
export function storageUnavailable(encoding: Encoding | null, error: unknown): Response | undefined {
  const problem = passingDbProblemOf(error);
  if (!problem) return undefined;
  const message = `${NOTHING_STORED[problem]}; nothing was stored. Retry in ${RETRY_AFTER_S} seconds`;
  return otlpRefusal(encoding, 503, GRPC_CODE.UNAVAILABLE, { code: 'BUSY', message }, { 'retry-after': String(RETRY_AFTER_S) });
}

/** The encoding a request's Content-Type names, or null when it names none OTLP/HTTP has. */
export function encodingOf(contentType: string | null): Encoding | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/x-protobuf' || type === 'application/protobuf') return 'protobuf';
  if (type === 'application/json') return 'json';
  return null;
}
