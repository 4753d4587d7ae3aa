import { checkApiKey } from './auth';
import { errorResponse } from './errors';

/**
 * The boundary of every /api/v1 route: the API key first, then the handler, whose thrown
 * errors are translated here once. A refused request's body is not read.
 */
export async function withApi(request: Request, handle: () => Promise<Response>, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const denied = checkApiKey(request, env);
  if (denied) {
    await request.body?.cancel().catch(() => undefined);
    return denied;
  }
  try {
    return await handle();
  } catch (error) {
    return errorResponse(error);
  }
}

/** The boundary of a dashboard route (no key): thrown errors become `{ error: { code, message, field? } }`. */
export async function withErrors(handle: () => Promise<Response>): Promise<Response> {
  try {
    return await handle();
  } catch (error) {
    return errorResponse(error);
  }
}
