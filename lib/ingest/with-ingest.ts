import 'server-only';
import { authEnabled } from '../auth/auth-env';
import { principalOfKey } from '../auth/authenticate';
import { presentedKey } from '../auth/presented-key';
import { hostAllowed, hostRefusal } from '../http/allowed-hosts';
import { apiError, errorResponse } from '../http/errors';
import { hasRole } from '../identity/roles';

/**
 * The boundary of the OTLP routes: a key only (an exporter has no session), as a bearer or in
 * x-confident-api-key (deepeval's OpenTelemetry exporters), either an ingest key or a full key,
 * whose owner must be an editor or admin, or TURNWISE_API_KEY.
 */
export async function withIngest(request: Request, handle: () => Promise<Response>, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const refuse = async (response: Response) => {
    await request.body?.cancel().catch(() => undefined);
    return response;
  };
  const host = request.headers.get('host');
  if (!hostAllowed(host, env)) return refuse(apiError('FORBIDDEN', hostRefusal(host ?? ''), { field: 'host' }));
  try {
    if (authEnabled(env)) {
      const token = presentedKey(request.headers);
      if (!token) return refuse(apiError('UNAUTHORIZED', 'Send Authorization: Bearer <ingest API key> (deepeval\'s exporters send it as x-confident-api-key)', {}, { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } }));
      const owner = await principalOfKey(token, env, 'any-for-ingest');
      if (!owner) return refuse(apiError('UNAUTHORIZED', 'The API key is not valid'));
      if (!hasRole(owner.role, 'editor')) return refuse(apiError('FORBIDDEN', `Ingestion needs a key of an editor or admin; ${owner.email} is a ${owner.role}`));
    }
    return await handle();
  } catch (error) {
    return errorResponse(error);
  }
}
