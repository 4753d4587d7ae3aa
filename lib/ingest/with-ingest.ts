import 'server-only';
import { createHash, timingSafeEqual } from 'node:crypto';
import { findApiKeyOwner } from '../auth/api-keys';
import { authEnabled } from '../auth/auth-env';
import { bearerToken } from '../auth/authenticate';
import { getDb } from '../db/client';
import { hostAllowed, hostRefusal } from '../http/allowed-hosts';
import { apiError, errorResponse } from '../http/errors';
import { hasRole } from '../identity/roles';
import { encodingOf, storageUnavailable } from './otlp-status';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * The boundary of the OTLP routes: a bearer key only (an exporter has no session), either an
 * ingest key or a full key, whose owner must be an editor or admin, or TURNWISE_API_KEY.
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
      const token = bearerToken(request.headers);
      if (!token) return refuse(apiError('UNAUTHORIZED', 'Send Authorization: Bearer <ingest API key>', {}, { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } }));
      const service = env.TURNWISE_API_KEY?.trim();
      if (!(service && timingSafeEqual(digest(token), digest(service)))) {
        const owner = await findApiKeyOwner(getDb(), token, 'any-for-ingest');
        if (!owner) return refuse(apiError('UNAUTHORIZED', 'The API key is not valid'));
        if (!hasRole(owner.role, 'editor')) return refuse(apiError('FORBIDDEN', `Ingestion needs a key of an editor or admin; ${owner.email} is a ${owner.role}`));
      }
    }
    return await handle();
  } catch (error) {
    // The key's lookup too: a database out of reach, read-only or full is a retryable 503 for the exporter.
    const unavailable = storageUnavailable(encodingOf(request.headers.get('content-type')), error);
    if (unavailable) return refuse(unavailable);
    return errorResponse(error);
  }
}
