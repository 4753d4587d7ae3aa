import 'server-only';
import { authEnabled } from '../auth/auth-env';
import { principalOfKey } from '../auth/authenticate';
import { presentedKey } from '../auth/presented-key';
import { hostAllowed, hostRefusal } from '../http/allowed-hosts';
import { errorResponse } from '../http/errors';
import { hasRole } from '../identity/roles';
import { encodingOf, GRPC_CODE, otlpRefusal, storageUnavailable } from './otlp-status';

/**
 * The boundary of the OTLP routes: a key only (an exporter has no session), as a bearer or in
 * x-confident-api-key (deepeval's OpenTelemetry exporters), either an ingest key or a full key,
 * whose owner must be an editor or admin, or TURNWISE_API_KEY.
 */
export async function withIngest(request: Request, handle: () => Promise<Response>, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const encoding = encodingOf(request.headers.get('content-type'));
  const refuse = async (response: Response) => {
    await request.body?.cancel().catch(() => undefined);
    return response;
  };
  // OTLP/HTTP's failure body, a google.rpc.Status in the request's encoding, with the API's error object in JSON.
  const deny = (status: 401 | 403, error: { code: 'UNAUTHORIZED' | 'FORBIDDEN'; message: string; field?: string }, headers?: Record<string, string>) =>
    refuse(otlpRefusal(encoding, status, status === 401 ? GRPC_CODE.UNAUTHENTICATED : GRPC_CODE.PERMISSION_DENIED, error, headers));
  const host = request.headers.get('host');
  if (!hostAllowed(host, env)) return deny(403, { code: 'FORBIDDEN', message: hostRefusal(host ?? ''), field: 'host' });
  try {
    if (authEnabled(env)) {
      const token = presentedKey(request.headers);
      if (!token) return deny(401, { code: 'UNAUTHORIZED', message: "Send Authorization: Bearer <ingest API key> (deepeval's exporters send it as x-confident-api-key)" }, { 'www-authenticate': 'Bearer realm="turnwise"' });
      const owner = await principalOfKey(token, env, 'any-for-ingest');
      if (!owner) return deny(401, { code: 'UNAUTHORIZED', message: 'The API key is not valid' });
      if (!hasRole(owner.role, 'editor')) return deny(403, { code: 'FORBIDDEN', message: `Ingestion needs a key of an editor or admin; ${owner.email} is a ${owner.role}` });
    }
    return await handle();
  } catch (error) {
    // The key's lookup too: a database out of reach, read-only or full is a retryable 503 for the exporter.
    const unavailable = storageUnavailable(encoding, error);
    if (unavailable) return refuse(unavailable);
    return errorResponse(error);
  }
}
