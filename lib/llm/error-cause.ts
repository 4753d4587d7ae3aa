import { createHash } from 'node:crypto';
import type { APIError } from 'openai';

/*
 * What a judge's HTTP error says to the people who read run results. The endpoint's own
 * answer is not repeated: it can echo the key (`401 Incorrect API key provided: …`) or, for an
 * endpoint pointed at an internal address, show what that address serves. Results carry the
 * status and a cause in our words; the answer itself goes only where admins look (the server
 * log, and Test on the Connections page).
 */

const BY_CODE: Record<string, string> = {
  context_length_exceeded: "the prompt is longer than the model's context window",
  model_not_found: 'the endpoint does not serve this model',
  invalid_api_key: 'the endpoint refused the key',
  insufficient_quota: "the account's quota is used up",
  content_filter: "the provider's content filter refused the prompt",
  content_policy_violation: "the provider's content filter refused the prompt",
};

const BY_STATUS: Record<number, string> = {
  400: 'the endpoint refused the request',
  401: 'the endpoint refused the key',
  403: 'the endpoint refused access',
  404: 'no such model or path at the endpoint',
  408: 'the endpoint timed out',
  409: 'the endpoint reported a conflict',
  413: 'the request is too large for the endpoint',
  422: 'the endpoint could not process the request',
  429: 'rate limited',
};

/** A short cause for an HTTP status, from the provider's error code when it is one we know. */
export function statusCause(status: number, code?: string | null): string {
  const known = code ? BY_CODE[code] : undefined;
  if (known) return known;
  return BY_STATUS[status] ?? (status >= 500 ? 'server error at the endpoint' : 'error');
}

/** Which way a request failed: equal for the same status and the same answer, without keeping the answer. */
export function failureSignature(error: APIError): string {
  return createHash('sha256').update(`${error.status ?? 'none'}\n${error.message}`).digest('hex').slice(0, 32);
}
