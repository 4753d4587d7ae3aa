import 'server-only';
import { runAs } from '../identity/acting-principal';
import { assertRole, authenticate, roleForMethod } from '../auth/authenticate';
import { resolvePrincipal } from '../auth/project-access';
import { getDb } from '../db/client';
import type { Actor, Principal } from '../identity/principal';
import type { Role } from '../identity/roles';
import { hostAllowed, hostRefusal } from '../http/allowed-hosts';
import { crossOriginResponse } from '../http/cross-origin';
import { apiError, errorResponse } from '../http/errors';
import { requestedProject } from '../http/requested-project';

const CHALLENGE = { headers: { 'www-authenticate': 'Bearer realm="turnwise"' } };

/**
 * The boundary of every route: who is asking first (a bearer key — TURNWISE_API_KEY or a
 * personal key — or a session cookie), then in which project (a key's own; else the `project`
 * parameter or X-Turnwise-Project header, else "default": lib/auth/project-access.ts), then the
 * role there (GET needs a viewer, anything else an editor, unless `role` says otherwise), then
 * the handler, which works in principal.project and whose thrown errors are translated here
 * once. A request for a host name this server does not answer to is refused first (DNS
 * rebinding), then a browser's cross-origin request that would change something
 * (lib/http/cross-origin.ts). A refused request's body is not read.
 */
export async function withApi(
  request: Request,
  handle: (principal: Principal) => Promise<Response>,
  env: Record<string, string | undefined> = process.env,
  role: Role = roleForMethod(request.method),
): Promise<Response> {
  return boundary(request, env, async (who) => {
    const principal = assertRole(await resolvePrincipal(getDb(), who, requestedProject(request)), role);
    return () => runAs(principal, () => handle(principal));
  });
}

/** The boundary of a route of no project (the API's own description): who is asking, as withApi checks it, and nothing of any project. */
export async function withSignedIn(request: Request, handle: (actor: Actor) => Promise<Response>, env: Record<string, string | undefined> = process.env): Promise<Response> {
  return boundary(request, env, async (who) => () => handle(who));
}

/** The host, a browser's cross-origin request, then who is asking; `admit` checks the rest before the handler runs (its errors answered alike). */
async function boundary(request: Request, env: Record<string, string | undefined>, admit: (who: Actor) => Promise<() => Promise<Response>>): Promise<Response> {
  const host = request.headers.get('host');
  if (!hostAllowed(host, env)) {
    await request.body?.cancel().catch(() => undefined);
    return apiError('FORBIDDEN', hostRefusal(host ?? ''), { field: 'host' });
  }
  const crossOrigin = crossOriginResponse(request, env);
  if (crossOrigin) {
    await request.body?.cancel().catch(() => undefined);
    return crossOrigin;
  }
  let run: () => Promise<Response>;
  try {
    const who = await authenticate(request.headers, env);
    if (!who) {
      await request.body?.cancel().catch(() => undefined);
      const presented = /^Bearer\s/i.test(request.headers.get('authorization') ?? '');
      const message = presented
        ? 'The API key is not valid'
        : 'Sign in first: send Authorization: Bearer <personal API key or TURNWISE_API_KEY>, or a session cookie';
      return apiError('UNAUTHORIZED', message, {}, CHALLENGE);
    }
    run = await admit(who);
  } catch (error) {
    await request.body?.cancel().catch(() => undefined);
    return errorResponse(error);
  }
  try {
    return await run();
  } catch (error) {
    return errorResponse(error);
  }
}

/** The boundary of a dashboard route: the same checks as withApi (the pages' cookie is a session; they name their project in the query). */
export async function withErrors(request: Request, handle: (principal: Principal) => Promise<Response>): Promise<Response> {
  return withApi(request, handle);
}
