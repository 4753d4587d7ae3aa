import 'server-only';
import { deepevalRefusal } from './answers';
import { withDeepeval } from './with-deepeval';

/**
 * Any other route of Confident AI's API (prompts, annotations, governance…), or a method a served
 * route does not take: after the key, as every route under /api/deepeval asks, a 404 in deepeval's
 * shape that says what Turnwise serves, so the client raises it with that message.
 */
export function unservedDeepevalRoute(request: Request): Promise<Response> {
  return withDeepeval(
    request,
    async () => {
      await request.body?.cancel().catch(() => undefined);
      const path = new URL(request.url).pathname.replace(/^\/api\/deepeval/, '');
      return deepevalRefusal(
        404,
        `Turnwise does not serve ${request.method} ${path.slice(0, 200)} of Confident AI's API. It serves test runs (/v1/test-run), datasets (/v1/datasets/:alias), traces (/v1/traces) and thread evaluation (/v1/evaluate/threads/:threadId).`,
      );
    },
    { role: 'viewer' },
  );
}
