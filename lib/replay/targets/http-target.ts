import { z } from 'zod';
import { estimateTokens } from '../../llm/prices';
import { statusCause } from '../../llm/error-cause';
import { egressErrorOf, egressFetch, OPERATOR_POLICY, type EgressPolicy } from '../../llm/egress';
import { redactKnownSecrets, redactSecrets } from '../../redact-secrets';
import { logTargetAnswer } from './log-target-answer';
import { readBoundedText } from '../../llm/read-bounded';
import { DEFAULT_TARGET_RETRIES, sendWithRetries, type RetryPolicy } from '../../llm/send-with-retries';
import { TargetError, type ReplayTargetClient, type TargetReply, type TargetTurnRequest } from './target-types';

/** The header the secret goes in. */
export const SECRET_HEADER = 'x-turnwise-secret';

/** What the user's app answers for one assistant turn. */
export const httpTargetReplySchema = z.object({
  content: z.string({ error: 'must be the reply text' }).refine((text) => text.trim() !== '', 'is empty'),
  role: z.literal('assistant', { error: 'must be "assistant" when given' }).optional(),
  retrievalContext: z.array(z.string(), { error: 'must be an array of strings' }).optional(),
  toolsCalled: z.array(z.unknown(), { error: 'must be an array' }).optional(),
  state: z.unknown().optional(),
});

export interface HttpTargetOptions {
  url: string;
  /** The secret header's value; null: none sent. */
  secret: string | null;
  timeoutMs: number;
  retries?: RetryPolicy;
  /** Requests the replay keeps in flight: the limiter opens to that many unless refused. */
  concurrency?: number;
  /** What the URL may reach (lib/llm/egress); the operator's policy when absent. */
  egress?: EgressPolicy;
}

class HttpStatusError extends Error {
  constructor(readonly status: number, readonly body: string) {
    super(`status ${status}`);
  }
}

/**
 * The user's own application as a replay target: one POST per assistant turn with
 * `{conversationId, turn, messages, state}`, answered with `{content, retrievalContext?,
 * toolsCalled?, state?}`. The reply is read up to 1 MB, parsed and checked; a failure says
 * what came back and from where. 429s and 5xx are retried as the judge retries them; a
 * timeout, a 4xx or a bad body fails the turn at once.
 */
export function createHttpTarget(options: HttpTargetOptions): ReplayTargetClient {
  const where = `the app at ${options.url}`;
  // The secret header goes only to the URL's origin: redirects elsewhere are not followed.
  const send = egressFetch(options.egress ?? OPERATOR_POLICY);
  const secrets = [options.secret];

  async function generate(request: TargetTurnRequest): Promise<TargetReply> {
    const payload = JSON.stringify({ conversationId: request.conversationId, turn: request.turn, messages: request.messages, state: request.state ?? null });
    const { value: text, requests } = await sendWithRetries({
      connection: { baseURL: options.url, apiKey: options.secret, model: 'http', concurrency: options.concurrency },
      tokens: estimateTokens(payload),
      attempt: async () => {
        const timeout = AbortSignal.timeout(options.timeoutMs);
        const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
        try {
          const response = await send(options.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json', ...(options.secret ? { [SECRET_HEADER]: options.secret } : {}) },
            body: payload,
            signal,
          });
          const body = await readBoundedText(response, where);
          if (!response.ok) {
            const error = new HttpStatusError(response.status, body);
            const kind = response.status === 429 ? 'refused' : response.status === 408 || response.status >= 500 ? 'transient' : 'fatal';
            return { ok: false, error, kind, outcome: response.status === 429 ? { kind: 'refused', headers: response.headers } : { kind: 'other' } };
          }
          return { ok: true, value: body, outcome: { kind: 'ok', headers: response.headers } };
        } catch (error) {
          if (timeout.aborted && !request.signal?.aborted) {
            return { ok: false, error: new TargetError(`${where} did not answer within ${options.timeoutMs} ms`), kind: 'fatal', outcome: { kind: 'other' } };
          }
          if (error instanceof TargetError || egressErrorOf(error) || request.signal?.aborted) return { ok: false, error, kind: 'fatal', outcome: { kind: 'other' } };
          return { ok: false, error, kind: 'transient', outcome: { kind: 'other' } };
        }
      },
      describe: (error, tries) => describeFailure(error, where, tries, secrets),
      policy: options.retries ?? DEFAULT_TARGET_RETRIES,
      signal: request.signal,
    });
    // A reply that came but is of no use: the turn fails, its requests still counted.
    const failed = (message: string) => new TargetError(message, false, requests);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      logTargetAnswer(where, 'an answer that is not JSON', text, secrets);
      throw failed(`${where} answered with something that is not JSON (${Buffer.byteLength(text)} bytes; the answer is in the server log)`);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json)) throw failed(`${where} answered with JSON that is not an object`);
    const parsed = httpTargetReplySchema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue.path.map(String).join('.') || 'reply';
      const message = issue.code === 'invalid_type' && issue.path.length === 1 && !(issue.path[0] in json) ? 'is missing' : issue.message;
      throw failed(`${where} answered without a usable reply: ${field} ${message}`);
    }
    const reply = parsed.data;
    return {
      // A reply is stored and shown to every viewer: a secret it echoes is taken out.
      content: redactKnownSecrets(reply.content, secrets),
      ...(reply.retrievalContext ? { retrievalContext: reply.retrievalContext.map((text) => redactKnownSecrets(text, secrets)) } : {}),
      ...(reply.toolsCalled ? { toolsCalled: reply.toolsCalled } : {}),
      ...(reply.state === undefined ? {} : { state: reply.state }),
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      requests,
    };
  }

  return { kind: 'http', label: where, generate };
}

/**
 * The turn's error, which every viewer reads: the status and a cause in our words, never what the
 * app answered (it can echo a key, or show what an internal address serves); that goes, redacted,
 * to the server log, where admins look.
 */
function describeFailure(error: unknown, where: string, tries: number, secrets: (string | null)[]): string {
  const after = tries > 1 ? ` (after ${tries} requests)` : '';
  if (error instanceof TargetError) return error.message;
  const egress = egressErrorOf(error);
  if (egress) return redactSecrets(`${where} was not called: ${egress.message}`, secrets);
  if (error instanceof HttpStatusError) {
    logTargetAnswer(where, `status ${error.status}`, error.body, secrets);
    if (error.status === 401 || error.status === 403) return `${where} refused the request (${error.status}): check the secret (secretEnv)${after}`;
    return `${where} answered ${error.status} (${statusCause(error.status)})${after}; the answer is in the server log`;
  }
  const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
  return redactSecrets(`${where} is unreachable${after}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, secrets);
}
