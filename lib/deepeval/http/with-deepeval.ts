import 'server-only';
import { authEnabled } from '../../auth/auth-env';
import { assertRole, principalOfKey, roleForMethod } from '../../auth/authenticate';
import type { ApiKeyScope } from '../../auth/api-keys';
import { hostAllowed, hostRefusal } from '../../http/allowed-hosts';
import { runAs } from '../../identity/acting-principal';
import { LOCAL_PRINCIPAL, type Principal } from '../../identity/principal';
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
 * the host first, then the key from whichever header deepeval sent it in, then the role, then the
 * handler; every answer, refusals included, is in the shape deepeval reads. A refused request's body is not read.
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
    if (authEnabled(env)) {
      const key = presentedKey(request.headers);
      if (!key) return refuse(deepevalRefusal(401, NO_KEY, { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } }));
      const who = await principalOfKey(key, env, options.keys ?? 'full');
      if (!who) return refuse(deepevalRefusal(401, 'The API key in CONFIDENT_API_KEY is not a valid Turnwise API key for this route (an ingest-only key sends only traces)'));
      principal = assertRole(who, options.role ?? roleForMethod(request.method));
    } else {
      principal = LOCAL_PRINCIPAL;
    }
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
