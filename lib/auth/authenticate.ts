import { createHash, timingSafeEqual } from 'node:crypto';
import { getDb } from '../db/client';
import { AppError } from '../errors';
import { findApiKeyOwner, type ApiKeyScope } from './api-keys';
import { authEnabled } from './auth-env';
import { getAuth } from './auth';
import { LOCAL_PRINCIPAL, principalOf, SERVICE_PRINCIPAL, type Principal } from '../identity/principal';
import { hasRole, type Role } from '../identity/roles';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The token of `Authorization: Bearer <token>`, else null. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(.+)$/i.exec((headers.get('authorization') ?? '').trim());
  return match ? match[1].trim() : null;
}

/**
 * Who sent a request: a bearer key (TURNWISE_API_KEY, the service key, or a personal key),
 * else the session cookie. Null when anonymous or when a presented key is not valid (a bad
 * key never falls back to the cookie). With TURNWISE_AUTH=off, the local admin.
 */
export async function authenticate(headers: Headers, env: Record<string, string | undefined> = process.env): Promise<Principal | null> {
  if (!authEnabled(env)) return LOCAL_PRINCIPAL;
  const token = bearerToken(headers);
  if (token !== null) return principalOfKey(token, env);
  const session = await getAuth(env).api.getSession({ headers });
  return session ? principalOf(session.user, 'session') : null;
}

/**
 * Who a presented key is: TURNWISE_API_KEY (the service key) or a personal key of `scope`
 * ('any-for-ingest' also takes ingest-only keys); null for a key that is neither.
 */
export async function principalOfKey(
  token: string,
  env: Record<string, string | undefined> = process.env,
  scope: ApiKeyScope | 'any-for-ingest' = 'full',
): Promise<Principal | null> {
  const service = env.TURNWISE_API_KEY?.trim();
  // Both sides hashed first: the constant-time comparison also hides the key's length.
  if (service && timingSafeEqual(digest(token), digest(service))) return SERVICE_PRINCIPAL;
  const owner = await findApiKeyOwner(getDb(), token, scope);
  return owner ? principalOf(owner, 'api-key') : null;
}

/** Throws UNAUTHORIZED for nobody, FORBIDDEN for a role below `needed`. */
export function assertRole(principal: Principal | null, needed: Role): Principal {
  if (!principal) throw new AppError('UNAUTHORIZED', 'Sign in first: this needs a session or an API key');
  if (!hasRole(principal.role, needed)) throw new AppError('FORBIDDEN', `This needs the ${needed} role; ${principal.email} is ${principal.role === 'admin' ? 'an' : 'a'} ${principal.role}`);
  return principal;
}

/** The role a route needs by its method: reading is for viewers, anything else for editors. */
export const roleForMethod = (method: string): Role => (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'viewer' : 'editor');
