import { createHash, timingSafeEqual } from 'node:crypto';
import { getDb } from '../db/client';
import { findProjectBySlug } from '../db/queries/projects/get-project';
import { AppError } from '../errors';
import { findApiKeyOwner, type ApiKeyScope } from './api-keys';
import { authEnabled } from './auth-env';
import { getAuth } from './auth';
import { actorOf, LOCAL_ACTOR, type Actor, type Principal } from '../identity/principal';
import { DEFAULT_PROJECT_SLUG } from '../identity/project';
import { hasRole, SERVICE_ID, type Role } from '../identity/roles';

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** The token of `Authorization: Bearer <token>`, else null. */
export function bearerToken(headers: Headers): string | null {
  const match = /^Bearer\s+(.+)$/i.exec((headers.get('authorization') ?? '').trim());
  return match ? match[1].trim() : null;
}

/**
 * Who sent a request: a bearer key (TURNWISE_API_KEY, the service key, or a personal key),
 * else the session cookie. Null when anonymous or when a presented key is not valid (a bad
 * key never falls back to the cookie). With TURNWISE_AUTH=off, the local admin. In which project
 * the request acts, and with which role there, is decided after (lib/auth/project-access.ts).
 */
export async function authenticate(headers: Headers, env: Record<string, string | undefined> = process.env): Promise<Actor | null> {
  if (!authEnabled(env)) return LOCAL_ACTOR;
  const token = bearerToken(headers);
  if (token !== null) return actorOfKey(token, env);
  const session = await getAuth(env).api.getSession({ headers });
  return session ? actorOf(session.user, 'session') : null;
}

/** The project TURNWISE_API_KEY acts in: TURNWISE_PROJECT's slug, else "default". */
export const serviceProjectSlug = (env: Record<string, string | undefined>): string => env.TURNWISE_PROJECT?.trim() || DEFAULT_PROJECT_SLUG;

/**
 * Who a presented key is: TURNWISE_API_KEY (the service key, an editor of TURNWISE_PROJECT's
 * project) or a personal key of `scope` ('any-for-ingest' also takes ingest-only keys), which
 * opens its own project alone; null for a key that is neither.
 */
export async function actorOfKey(
  token: string,
  env: Record<string, string | undefined> = process.env,
  scope: ApiKeyScope | 'any-for-ingest' = 'full',
): Promise<Actor | null> {
  const service = env.TURNWISE_API_KEY?.trim();
  // Both sides hashed first: the constant-time comparison also hides the key's length.
  if (service && timingSafeEqual(digest(token), digest(service))) {
    const slug = serviceProjectSlug(env);
    const project = await findProjectBySlug(getDb(), slug);
    if (!project) throw new AppError('CONFIG', `TURNWISE_PROJECT is "${slug.slice(0, 60)}", which names no project: give the slug of an existing project (its URLs' /p/<slug>), or leave it unset for "default"`);
    return { id: SERVICE_ID, email: 'service key', name: 'Service key', instanceAdmin: false, via: 'service-key', keyProjectId: project.id };
  }
  const owner = await findApiKeyOwner(getDb(), token, scope);
  return owner ? actorOf(owner.user, 'api-key', owner.projectId) : null;
}

/** Throws UNAUTHORIZED for nobody, FORBIDDEN for a role below `needed` in the principal's project. */
export function assertRole(principal: Principal | null, needed: Role): Principal {
  if (!principal) throw new AppError('UNAUTHORIZED', 'Sign in first: this needs a session or an API key');
  if (!hasRole(principal.role, needed)) {
    throw new AppError('FORBIDDEN', `This needs the ${needed} role in the project "${principal.project.name}"; ${principal.email} is ${principal.role === 'admin' ? 'an' : 'a'} ${principal.role} there`);
  }
  return principal;
}

/** The role a route needs by its method: reading is for viewers, anything else for editors. */
export const roleForMethod = (method: string): Role => (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 'viewer' : 'editor');
