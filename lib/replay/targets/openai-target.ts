import type OpenAI from 'openai';
import { APIConnectionTimeoutError, APIError } from 'openai';
import type { ConnectionLimits } from '../../llm/adaptive-limiter';
import { estimateCost, estimateTokens } from '../../llm/prices';
import { classifyFailure, failureCause } from '../../llm/request-retries';
import { statusCause } from '../../llm/error-cause';
import { egressErrorOf, OPERATOR_POLICY, pinnedDispatcher, type EgressPolicy } from '../../llm/egress';
import { redactKnownSecrets, redactSecrets } from '../../redact-secrets';
import { logTargetAnswer } from './log-target-answer';
import { createOpenAIClient } from '../../llm/openai-client';
import { pooledFetch } from '../../llm/pooled-fetch';
import { readBoundedText, replyTooLarge } from '../../llm/read-bounded';
import { DEFAULT_TARGET_RETRIES, sendWithRetries, type RetryPolicy } from '../../llm/send-with-retries';
import { MAX_TARGET_REPLY_BYTES, TargetError, type ReplayTargetClient, type TargetReply, type TargetTurnRequest } from './target-types';

export interface OpenAITargetOptions {
  baseURL: string;
  /** null: no Authorization header (local servers). */
  apiKey: string | null;
  model: string;
  systemPrompt?: string;
  temperature?: number;
  maxTokens?: number;
  extraBody?: Record<string, unknown>;
  timeoutMs?: number;
  retries?: RetryPolicy;
  /** The provider's limits stored on the connection (rpm, tpm): the limiter paces under them from the first request. */
  limits?: ConnectionLimits;
  /** Requests the replay keeps in flight: the limiter opens to that many unless refused. */
  concurrency?: number;
  /** What the base URL may reach (lib/llm/egress); the operator's policy when absent. */
  egress?: EgressPolicy;
}

/** Completions are of unknown length: a middling guess, for pacing under a token limit only. */
const EXPECTED_COMPLETION_TOKENS = 400;

/**
 * A model behind an OpenAI-compatible chat.completions endpoint as a replay target. Requests
 * share the judge's adaptive limiter for the same base URL, key and model, and its retry rules
 * (lib/llm/request-retries.ts); the SDK's own retries are off. A reply must be one assistant
 * message with text: anything else fails the turn with what came back.
 */
export function createOpenAITarget(options: OpenAITargetOptions): ReplayTargetClient {
  const where = `model ${options.model} at ${options.baseURL}`;
  const client = createOpenAIClient({
    baseURL: options.baseURL,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? 120_000,
    fetch: pooledFetch(MAX_TARGET_REPLY_BYTES, (declared) => replyTooLarge(where, MAX_TARGET_REPLY_BYTES, declared), pinnedDispatcher(options.egress ?? OPERATOR_POLICY)),
  });

  async function generate(request: TargetTurnRequest): Promise<TargetReply> {
    const messages = [...(options.systemPrompt ? [{ role: 'system' as const, content: options.systemPrompt }] : []), ...request.messages];
    const tokens = estimateTokens(messages.map((m) => m.content).join('\n')) + EXPECTED_COMPLETION_TOKENS;
    const body = {
      ...options.extraBody,
      model: options.model,
      messages,
      ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
      ...(options.maxTokens === undefined ? {} : { max_tokens: options.maxTokens }),
    };
    const { value: completion, requests } = await sendWithRetries({
      connection: { baseURL: options.baseURL, apiKey: options.apiKey, model: options.model, limits: options.limits, concurrency: options.concurrency },
      tokens,
      attempt: async (retry) => {
        try {
          // The raw response (the SDK still builds the request and turns a failed status into its
          // error): its body, read whole under the bound by the fetch, is parsed here.
          const response = await client.chat.completions
            .create(body as OpenAI.ChatCompletionCreateParamsNonStreaming, { signal: request.signal, headers: { 'x-stainless-retry-count': String(retry) } })
            .asResponse();
          const text = await readBoundedText(response, where);
          // As the SDK parses: JSON when it says so (a cut body is a SyntaxError, retried), else the text.
          const data = (response.headers.get('content-type')?.includes('json') ? parseJson(text, where, options.apiKey) : text) as OpenAI.ChatCompletion;
          return { ok: true, value: data, outcome: { kind: 'ok', headers: response.headers, tokens: data.usage?.total_tokens } };
        } catch (error) {
          // A reply over the bound, found by the fetch: the SDK hands it on as a connection error's cause.
          const refused = error instanceof TargetError ? error : error instanceof APIError && error.cause instanceof TargetError ? error.cause : null;
          if (refused) return { ok: false, error: refused, kind: 'fatal', outcome: { kind: 'other' } };
          const kind = error instanceof APIConnectionTimeoutError ? 'fatal' : classifyFailure(error);
          const outcome = error instanceof APIError && error.status === 429 ? { kind: 'refused' as const, headers: error.headers } : { kind: 'other' as const };
          return { ok: false, error, kind, outcome };
        }
      },
      describe: (error, tries) => describeFailure(error, where, tries, options.apiKey),
      policy: options.retries ?? DEFAULT_TARGET_RETRIES,
      signal: request.signal,
    });
    // A reply that came but is of no use: the turn fails, its requests still counted.
    const failed = (message: string) => new TargetError(message, false, requests);
    const choice = completion.choices?.[0];
    if (!choice?.message) throw failed(`${where} answered without a message (no choices[0].message)`);
    const role = (choice.message as { role?: unknown }).role;
    if (role !== 'assistant') throw failed(`${where} answered in the role "${String(role)}", not "assistant"`);
    const content = choice.message.content;
    if (typeof content !== 'string' || content.trim() === '') {
      const refusal = choice.message.refusal;
      throw failed(refusal ? `${where} refused: ${refusal.slice(0, 500)}` : `${where} answered with no content (finish_reason ${choice.finish_reason ?? 'none'})`);
    }
    const promptTokens = completion.usage?.prompt_tokens ?? 0;
    const completionTokens = completion.usage?.completion_tokens ?? 0;
    return {
      // A reply is stored and shown to every viewer: a key it echoes is taken out.
      content: redactKnownSecrets(content, [options.apiKey]),
      promptTokens,
      completionTokens,
      costUsd: estimateCost(completion.model || options.model, promptTokens, completionTokens),
      requests,
    };
  }

  return { kind: 'openai', label: where, generate };
}

/** JSON.parse, whose SyntaxError quotes the start of the text: ours says only its size (the text goes to the log). */
function parseJson(text: string, where: string, apiKey: string | null): unknown {
  try {
    return JSON.parse(text);
  } catch {
    logTargetAnswer(where, 'a reply that is not JSON', text, [apiKey]);
    throw new SyntaxError(`the reply is not JSON (${Buffer.byteLength(text)} bytes; the answer is in the server log)`);
  }
}

/**
 * The turn's error, which every viewer reads: the status and a cause in our words, never the
 * endpoint's answer (it can echo the key, or show what an internal address serves); that goes,
 * redacted, to the server log, where admins look.
 */
function describeFailure(error: unknown, where: string, tries: number, apiKey: string | null): string {
  const after = tries > 1 ? ` (after ${tries} requests)` : '';
  if (error instanceof TargetError) return error.message;
  const egress = egressErrorOf(error);
  if (egress) return redactSecrets(`${where} was not called: ${egress.message}`, [apiKey]);
  if (error instanceof APIConnectionTimeoutError) return redactSecrets(`${where} did not answer in time${after}`);
  if (error instanceof APIError) {
    if (error.status === undefined) return redactSecrets(`${where} is unreachable${after}: ${error.message}`, [apiKey]);
    logTargetAnswer(where, `status ${error.status}`, error.message, [apiKey]);
    if (error.status === 401 || error.status === 403) return redactSecrets(`${where} refused the key (${error.status})${after}: check the key's variable or the connection`);
    const code = typeof error.code === 'string' ? error.code : null;
    return redactSecrets(`${where} failed with status ${error.status} (${statusCause(error.status, code)})${after}; the answer is in the server log`, [apiKey]);
  }
  return redactSecrets(`${where}: ${failureCause(error)}${after}`, [apiKey]);
}
