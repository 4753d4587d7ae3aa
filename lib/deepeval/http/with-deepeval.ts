import 'server-only';
import { authEnabled } from '../../auth/auth-env';
import { actorOfKey, assertRole, roleForMethod } from '../../auth/authenticate';
import type { ApiKeyScope } from '../../auth/api-keys';
import { resolvePrincipal } from '../../auth/project-access';
import { getDb } from '../../db/client';
import { hostAllowed, hostRefusal } from '../../http/allowed-hosts';
import { requestedProject } from '../../http/requested-project';
import { runAs } from '../../identity/acting-principal';
import { LOCAL_ACTOR, type Actor, type Principal } from '../../identity/principal';
import type { Role } from '../../identity/roles';
import { deepevalFailure, deepevalRefusal } from './answers';
import { presentedKey } from '../../auth/presented-key';

export interface DeepevalRouteOptions {
  /** The role the route needs; by default a viewer reads (GET) and an editor writes. */
  role?: Role;
  /** Which keys open it: 'full' (default), or 'any-for-ingest' where ingest-only keys may send (traces). */
  keys?: ApiKeyScope | 'any-for-ingest';
}

const NO_KEY =
  'No API key: set CONFIDENT_API_KEY to a Turnwise API key (Settings → API keys) and CONFIDENT_BASE_URL to <Turnwise URL>/api/deepeval. ' +
  'deepeval sends it as CONFIDENT-API-KEY (Python) or CONFIDENT_API_KEY (TypeScript); a proxy that drops headers with underscores needs them allowed (nginx: underscores_in_headers on).';

/**
 * The boundary of the routes deepeval's own client calls (`CONFIDENT_BASE_URL=<Turnwise>/api/deepeval`):
 * the host first, then the key from whichever header deepeval sent it in, which decides the
 * project (its own: test runs, datasets and traces land there), then the role there, then the
 * handler; every answer, refusals included, is in the shape deepeval reads. A refused request's
 * body is not read. With sign-in off, the `project` parameter or X-Turnwise-Project header names the project (else "default").
 */
export async function withDeepeval(
  request: Request,
  handle: (principal: Principal) => Promise<Response>,
  options: DeepevalRouteOptions = {},
  env: Record<string, string | undefined> = process.env,
): Promise<Response> {
  const refuse = async (response: Response) => {
    await request.body?.cancel().catch(() => undefined);
    return response;
  };
  const host = request.headers.get('host');
  if (!hostAllowed(host, env)) return refuse(deepevalRefusal(403, hostRefusal(host ?? '')));
  let principal: Principal;
  try {
    let actor: Actor = LOCAL_ACTOR;
    if (authEnabled(env)) {
      const key = presentedKey(request.headers);
      if (!key) return refuse(deepevalRefusal(401, NO_KEY, { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } }));
      const who = await actorOfKey(key, env, options.keys ?? 'full');
      if (!who) return refuse(deepevalRefusal(401, 'The API key in CONFIDENT_API_KEY is not a valid Turnwise API key for this route (an ingest-only key sends only traces)'));
      actor = who;
    }
    principal = assertRole(await resolvePrincipal(getDb(), actor, requestedProject(request)), options.role ?? roleForMethod(request.method));
  } catch (error) {
    await request.body?.cancel().catch(() => undefined);
    return deepevalFailure(error);
  }
  try {
    return await runAs(principal, () => handle(principal));
  } catch (error) {
    return deepevalFailure(error);
  }
}
