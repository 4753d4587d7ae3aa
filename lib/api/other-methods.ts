import 'server-only';
import { apiError } from '../http/errors';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * Handlers for the methods a route does not serve, so that they get the API's JSON error (405
 * METHOD_NOT_ALLOWED with an Allow header) instead of the empty 405 Next answers for a method
 * without a handler. A route exports them beside its own:
 * `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');`
 * No key is checked: the answer says nothing but which methods the route serves.
 */
export function otherMethods<A extends Method>(...allowed: A[]): Record<Exclude<Method, A>, Handler> {
  const allow = allowed.join(', ');
  const handler: Handler = async (request) => {
    await request.body?.cancel().catch(() => undefined);
    return apiError('METHOD_NOT_ALLOWED', `${request.method} is not served here; use ${allow}`, {}, { headers: { allow } });
  };
  const others = METHODS.filter((method) => !(allowed as readonly Method[]).includes(method));
  return Object.fromEntries(others.map((method) => [method, handler])) as Record<Exclude<Method, A>, Handler>;
}
