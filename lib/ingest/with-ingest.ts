import 'server-only';
import { authEnabled } from '../auth/auth-env';
import { actorOfKey } from '../auth/authenticate';
import { resolvePrincipal } from '../auth/project-access';
import { presentedKey } from '../auth/presented-key';
import { getDb } from '../db/client';
import { isAppError } from '../errors';
import { hostAllowed, hostRefusal } from '../http/allowed-hosts';
import { errorResponse } from '../http/errors';
import { requestedProject } from '../http/requested-project';
import { LOCAL_ACTOR, type Principal } from '../identity/principal';
import type { ProjectRef } from '../identity/project';
import { hasRole } from '../identity/roles';
import { encodingOf, GRPC_CODE, otlpRefusal, storageUnavailable } from './otlp-status';

/**
 * The boundary of the OTLP routes: a key only (an exporter has no session), as a bearer or in
 * x-confident-api-key (deepeval's OpenTelemetry exporters), either an ingest key or a full key,
 * whose owner must be an editor or admin of the key's project, or TURNWISE_API_KEY (the project of
 * TURNWISE_PROJECT). The key decides the project the spans land in; with sign-in off, the
 * `project` parameter or X-Turnwise-Project header does (else "default").
 */
export async function withIngest(request: Request, handle: (project: ProjectRef) => Promise<Response>, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const encoding = encodingOf(request.headers.get('content-type'));
  const refuse = async (response: Response) => {
    await request.body?.cancel().catch(() => undefined);
    return response;
  };
  // OTLP/HTTP's failure body, a google.rpc.Status in the request's encoding, with the API's error object in JSON.
  const deny = (status: 401 | 403 | 404, error: { code: 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND'; message: string; field?: string }, headers?: Record<string, string>) =>
    refuse(otlpRefusal(encoding, status, status === 401 ? GRPC_CODE.UNAUTHENTICATED : status === 404 ? GRPC_CODE.NOT_FOUND : GRPC_CODE.PERMISSION_DENIED, error, headers));
  const host = request.headers.get('host');
  if (!hostAllowed(host, env)) return deny(403, { code: 'FORBIDDEN', message: hostRefusal(host ?? ''), field: 'host' });
  try {
    let principal: Principal;
    try {
      let actor = LOCAL_ACTOR;
      if (authEnabled(env)) {
        const token = presentedKey(request.headers);
        if (!token) return deny(401, { code: 'UNAUTHORIZED', message: "Send Authorization: Bearer <ingest API key> (deepeval's exporters send it as x-confident-api-key)" }, { 'www-authenticate': 'Bearer realm="turnwise"' });
        const owner = await actorOfKey(token, env, 'any-for-ingest');
        if (!owner) return deny(401, { code: 'UNAUTHORIZED', message: 'The API key is not valid' });
        actor = owner;
      }
      principal = await resolvePrincipal(getDb(), actor, requestedProject(request));
    } catch (error) {
      if (!isAppError(error) || !['UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND'].includes(error.code)) throw error;
      const status = error.code === 'UNAUTHORIZED' ? 401 : error.code === 'FORBIDDEN' ? 403 : 404;
      return deny(status, { code: error.code as 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND', message: error.message });
    }
    if (!hasRole(principal.role, 'editor')) {
      return deny(403, { code: 'FORBIDDEN', message: `Ingestion needs a key of an editor or admin of the project "${principal.project.slug}"; ${principal.email} is a ${principal.role} there` });
    }
    return await handle(principal.project);
  } catch (error) {
    // The key's lookup too: a database out of reach, read-only or full is a retryable 503 for the exporter.
    const unavailable = storageUnavailable(encoding, error);
    if (unavailable) return refuse(unavailable);
    return errorResponse(error);
  }
}
