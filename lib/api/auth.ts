import { createHash, timingSafeEqual } from 'node:crypto';
import { apiError } from './errors';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The key the API requires, from TURNWISE_API_KEY; null (no key needed) when unset or blank. */
export function configuredApiKey(env: Record<string, string | undefined>): string | null {
  const key = env.TURNWISE_API_KEY?.trim();
  return key ? key : null;
}

/**
 * Null when the request may proceed, else the 401 to send. With TURNWISE_API_KEY set, the
 * request must carry `Authorization: Bearer <key>`. Both sides are hashed first so that the
 * constant-time comparison also hides the key's length.
 */
export function checkApiKey(request: Request, env: Record<string, string | undefined>): Response | null {
  const expected = configuredApiKey(env);
  if (expected === null) return null;
  const header = request.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  const challenge = { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } };
  if (!match) {
    return apiError('UNAUTHORIZED', 'This API needs a key: send Authorization: Bearer <TURNWISE_API_KEY>', {}, challenge);
  }
  if (!timingSafeEqual(digest(match[1].trim()), digest(expected))) {
    return apiError('UNAUTHORIZED', 'The API key is not valid', {}, challenge);
  }
  return null;
}
