import 'server-only';
import { deepevalRefusal } from './answers';

/**
 * Any other route of Confident AI's API (prompts, annotations, governance…): a 404 in deepeval's
 * shape that says what Turnwise serves, so the client raises it with that message. No key is checked:
 * the answer says nothing but which routes exist.
 */
export async function unservedDeepevalRoute(request: Request): Promise<Response> {
  await request.body?.cancel().catch(() => undefined);
  const path = new URL(request.url).pathname.replace(/^\/api\/deepeval/, '');
  return deepevalRefusal(
    404,
    `Turnwise does not serve ${request.method} ${path.slice(0, 200)} of Confident AI's API. It serves test runs (/v1/test-run), datasets (/v1/datasets/:alias), traces (/v1/traces) and thread evaluation (/v1/evaluate/threads/:threadId).`,
  );
}
