import { APIError, APIUserAbortError } from 'openai';
import { AppError } from '../../errors';
import { egressErrorOf } from '../../llm/egress';
import { replyTooLarge } from '../../llm/bounded-fetch';
import { failureSignature, statusCause } from '../../llm/error-cause';
import { cutBodyBehind, describeAttempts, failureCause, isCutBody, ReplyCutShortError, type RequestRetry } from '../../llm/request-retries';
import { redactSecrets } from '../../redact-secrets';
import { JudgeOutputError } from '../types';

/** Characters of an endpoint's error answer the server log keeps. */
const LOGGED_EXCERPT = 300;

/**
 * The error a judge step fails with: status and a cause in our words, never the endpoint's
 * answer (lib/llm/error-cause.ts says why). The answer, cut short and redacted, goes
 * to the server log; `details.signature` tells failures of the same kind apart without it.
 * A step that failed on a fault after invalid replies names how every attempt ended.
 */
export function toJudgeError(error: unknown, name: string, model: string, apiKey: string | null, found: RequestRetry[], attemptCauses: string[] = []): unknown {
  if (error instanceof JudgeOutputError || error instanceof APIUserAbortError) return error;
  const earlier = attemptCauses.length > 1 ? ` Attempts: ${describeAttempts(attemptCauses)}.` : '';
  if (error instanceof AppError) return earlier ? new AppError(error.code, redactSecrets(error.message + earlier, [apiKey]), error.details) : error;
  const retries = found.map((r) => ({ ...r, cause: redactSecrets(r.cause, [apiKey]) }));
  const where = `Judge "${name}" (model ${model})`;
  const tried = retries.length > 0 ? ` (after ${retries.length} ${retries.length === 1 ? 'retry' : 'retries'})` : '';
  const egress = egressErrorOf(error);
  if (egress) return new AppError('JUDGE', redactSecrets(`${where}: ${egress.message}`, [apiKey]), { judge: name, model, status: null, retries });
  const large = replyTooLarge(error);
  if (large) return new AppError('JUDGE', `${where} sent a reply too large to read: ${large.message}.${earlier}`, { judge: name, model, status: null, retries });
  if (error instanceof ReplyCutShortError) {
    return new AppError('JUDGE', redactSecrets(`${where} sent no complete reply${tried}: ${error.message}.${earlier}`, [apiKey]), { judge: name, model, status: null, retries });
  }
  // A body the connection dropped: as the fetch's own error, or behind the client's connection error.
  if (isCutBody(error) || cutBodyBehind(error)) {
    return new AppError('JUDGE', redactSecrets(`${where} sent no complete reply${tried}: ${failureCause(error)}${earlier}`, [apiKey]), { judge: name, model, status: null, retries });
  }
  if (error instanceof APIError) {
    const details = { judge: name, model, status: error.status ?? null, retries, signature: failureSignature(error) };
    if (error.status === undefined) {
      // The client's own words (connection error, timed out): nothing the endpoint sent.
      return new AppError('JUDGE', redactSecrets(`${where} could not get a reply from its endpoint${tried}: ${error.message}${earlier}`, [apiKey]), details);
    }
    // Redacted before it is cut (the message is at most the 4 KB the fetch kept), so a key at the cut goes whole.
    console.warn(`${where}: the endpoint answered ${redactSecrets(error.message, [apiKey]).slice(0, LOGGED_EXCERPT)}`);
    const code = typeof error.code === 'string' ? error.code : null;
    return new AppError(
      'JUDGE',
      redactSecrets(`${where} request failed with status ${error.status} (${statusCause(error.status, code)})${tried}. The endpoint's own answer is in the server log (and, for a stored connection, shown by Test on Judge connections).${earlier}`, [apiKey]),
      details,
    );
  }
  return error;
}
