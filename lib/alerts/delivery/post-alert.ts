import { egressErrorOf, egressFetch, type EgressPolicy } from '../../llm/egress';
import { redactSecrets } from '../../redact-secrets';
import type { OpenDestination } from '../destination';
import { slackBody, webhookBody, type AlertMessage } from './alert-message';
import { DELIVERY_HEADER, SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from './signature';

/** How an attempt went: delivered, or why not and whether another attempt could do better. */
export interface AttemptOutcome {
  delivered: boolean;
  status: number | null;
  error: string | null;
  /** False when trying again cannot help: refused by the egress policy, a redirect elsewhere, a 4xx other than 408 and 429. */
  retry: boolean;
  ms: number;
}

const ANSWER_BYTES = 300;

const CAUSES: Record<number, string> = {
  400: 'the destination refused the call',
  401: 'the destination refused access',
  403: 'the destination refused access',
  404: 'no such path at the destination (a removed webhook?)',
  408: 'the destination timed out',
  410: 'the webhook was removed',
  413: 'the body is too large for the destination',
  429: 'rate limited by the destination',
};

/** A status in our words: what the history says of a refused call. */
const statusCause = (status: number): string => CAUSES[status] ?? (status >= 500 ? 'server error at the destination' : 'refused');
export const ATTEMPT_TIMEOUT_MS = 10_000;

/** The first bytes of an answer, for the history (it may say why a call was refused); the rest is never read. */
async function answerStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const { value } = await reader.read().catch(() => ({ value: undefined }));
  await reader.cancel().catch(() => undefined);
  return value ? new TextDecoder().decode(value.subarray(0, ANSWER_BYTES)).replace(/\s+/g, ' ').trim() : '';
}

/**
 * One attempt at telling a destination: a POST of the webhook body (signed when the rule has a
 * secret) or of a Slack message, through the egress policy of whoever set the URL, redirects
 * followed only within its origin, cut off after `timeoutMs`. Nothing it returns or throws
 * holds the URL or the secret.
 */
export async function postAlert(destination: OpenDestination, message: AlertMessage, policy: EgressPolicy, options: { timeoutMs?: number; now?: Date } = {}): Promise<AttemptOutcome> {
  const started = Date.now();
  const body = destination.kind === 'slack' ? slackBody(message) : webhookBody(message);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'Turnwise-Alerts/1', [DELIVERY_HEADER]: message.id };
  if (destination.kind === 'webhook' && destination.secret) {
    const timestamp = Math.floor((options.now ?? new Date()).getTime() / 1000);
    headers[TIMESTAMP_HEADER] = String(timestamp);
    headers[SIGNATURE_HEADER] = signBody(destination.secret, timestamp, body);
  }
  const hide = (text: string) => redactSecrets(text, [destination.url, destination.secret]);
  try {
    const response = await egressFetch(policy)(destination.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS) });
    const ms = Date.now() - started;
    if (response.ok) {
      await response.body?.cancel().catch(() => undefined);
      return { delivered: true, status: response.status, error: null, retry: false, ms };
    }
    const answer = await answerStart(response);
    const retry = response.status === 408 || response.status === 429 || response.status >= 500;
    return { delivered: false, status: response.status, error: hide(`HTTP ${response.status}: ${statusCause(response.status)}${answer ? ` (${answer})` : ''}`), retry, ms };
  } catch (thrown) {
    const ms = Date.now() - started;
    const refused = egressErrorOf(thrown);
    if (refused) return { delivered: false, status: null, error: hide(refused.message), retry: false, ms };
    const error = thrown as Error & { cause?: { code?: string; message?: string } };
    const why = error.name === 'TimeoutError' || error.name === 'AbortError' ? `no answer within ${(options.timeoutMs ?? ATTEMPT_TIMEOUT_MS) / 1000} s` : (error.cause?.code ?? error.cause?.message ?? error.message);
    return { delivered: false, status: null, error: hide(`the request failed: ${why}`), retry: true, ms };
  }
}
