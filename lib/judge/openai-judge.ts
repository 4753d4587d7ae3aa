import { z } from 'zod';
import { AppError } from '../errors';
import { createChatTransport, newRequestLog } from '../llm/chat-transport';
import { OPERATOR_POLICY, type EgressPolicy } from '../llm/egress';
import { backoffMs, describeAttempts, failureCause, formatWait, sleep } from '../llm/request-retries';
import { registerSecret } from '../redact-secrets';
import { endpointCacheScope, judgeCacheKey, requestJsonSchema } from './cache-key';
import { toJudgeError } from './openai/judge-error';
import { createResponseModes, type JudgeCompletion } from './openai/response-modes';
import { parseReply } from './parse-reply';
import { repairMessages, type ResponseMode } from './response-format';
import { JudgeOutputError, type Judge, type JudgeRateLimitStatus, type JudgeReply, type JudgeRequest } from './types';
import { createUsageCounter } from './usage-counter';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_JUDGE_MODEL = 'gpt-4.1';
export const DEFAULT_RETRY_BUDGET_MS = 5 * 60_000;
export const DEFAULT_JUDGE_TIMEOUT_MS = 60_000;

export const openAIJudgeOptionsSchema = z.object({
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  /** null: send no Authorization header (local servers that need no key). */
  apiKey: z.string().min(1).nullable(),
  model: z.string().min(1).default(DEFAULT_JUDGE_MODEL),
  concurrency: z.number().int().positive().default(8),
  /** Retries of one request on transient errors (408, 409, 5xx, timeouts, cut connections, replies cut short). */
  maxRetries: z.number().int().min(0).default(10),
  /** Requests for a reply that passes validation: the first, then the repair prompt, then fresh requests. */
  attempts: z.number().int().min(1).default(3),
  /** How long one request may keep meeting 429s before the step fails. */
  retryBudgetMs: z.number().int().positive().default(DEFAULT_RETRY_BUDGET_MS),
  /** First backoff of transient retries, doubling up to 8 s. */
  retryBaseMs: z.number().int().min(0).default(500),
  /** Requests and tokens per minute the connection allows; null: learnt from the endpoint's replies. */
  rpm: z.number().positive().nullable().default(null),
  tpm: z.number().positive().nullable().default(null),
  /** Per request (TURNWISE_JUDGE_TIMEOUT_S). */
  timeoutMs: z.number().int().positive().default(DEFAULT_JUDGE_TIMEOUT_MS),
  /** Retries of a request that timed out: an endpoint that hangs fails the step after (1 + this) timeouts. */
  timeoutRetries: z.number().int().min(0).default(1),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']).default('auto'),
  name: z.string().min(1).default('openai'),
});
export type OpenAIJudgeOptions = z.input<typeof openAIJudgeOptionsSchema>;

export interface OpenAIJudge extends Judge {
  readonly name: string;
  /** The endpoint its replies are cached under (endpointCacheScope of its base URL). */
  readonly cacheScope: string;
  /** The response mode this judge settled on; null until a call succeeded in auto mode. */
  responseMode(): ResponseMode | null;
  rateLimit(): JudgeRateLimitStatus;
}

/**
 * A judge on any OpenAI-compatible chat.completions endpoint, over the shared transport
 * (lib/llm/chat-transport.ts: the limiter, retries through 429s and transient errors, bounded
 * reads, the egress check). What is the judge's own: the response mode (openai/response-modes.ts),
 * the validation of each reply against the step's schema, and the attempts: a reply that fails
 * validation gets the repair prompt, then a fresh request, up to `attempts`. Every retry's cause
 * is logged on the reply.
 */
export function createOpenAIJudge(input: OpenAIJudgeOptions, { egress = OPERATOR_POLICY }: { egress?: EgressPolicy } = {}): OpenAIJudge {
  const options = openAIJudgeOptionsSchema.parse(input);
  const baseURL = options.baseURL ?? DEFAULT_OPENAI_BASE_URL;
  const cacheScope = endpointCacheScope(baseURL);
  registerSecret(options.apiKey);
  const usage = createUsageCounter();
  const transport = createChatTransport({
    baseURL,
    apiKey: options.apiKey,
    concurrency: options.concurrency,
    limits: { rpm: options.rpm, tpm: options.tpm },
    timeoutMs: options.timeoutMs,
    retries: options,
    egress,
    onUsage: usage.addCall,
    refusedTooLong: ({ model, waitedMs, retries }) =>
      new AppError(
        'JUDGE',
        `Judge "${options.name}" (model ${model}) refused the request with 429 (rate limit) for ${formatWait(waitedMs)}: giving up. ` +
          'Set the connection\'s rpm/tpm, lower the concurrency, or raise TURNWISE_JUDGE_RETRY_BUDGET_S.',
        { judge: options.name, model, status: 429, retries },
      ),
  });
  const modes = createResponseModes(transport, options.responseFormat === 'auto' ? null : options.responseFormat);

  async function call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
    const model = request.model ?? options.model;
    const schema = requestJsonSchema(request.jsonSchemaOf ?? request.schema);
    const cacheKey = judgeCacheKey(model, request.messages, schema, request.topLogprobs, request.sampling, cacheScope);
    const log = newRequestLog();
    // How each attempt ended; only a reply that arrived whole and failed validation ends one and starts the next.
    const attemptCauses: string[] = [];
    const ask = { model, schemaName: request.schemaName, schema, signal: request.signal, topLogprobs: request.topLogprobs, temperature: request.sampling?.temperature };
    try {
      let messages = request.messages;
      for (let attempt = 1; ; attempt++) {
        const reply = await modes.send({ ...ask, messages }, log).catch((error: unknown) => {
          attemptCauses.push(failureCause(error));
          throw error;
        });
        const parsed = parseReply(reply.raw, request.schema);
        if (parsed.ok) {
          return {
            output: parsed.output,
            raw: reply.raw,
            model: reply.model,
            promptTokens: log.promptTokens,
            completionTokens: log.completionTokens,
            costUsd: log.costUsd,
            cached: false,
            cacheKey,
            ...(log.retries.length > 0 ? { retries: log.retries } : {}),
            ...(reply.logprobs ? { logprobs: reply.logprobs } : {}),
          };
        }
        const problem = replyError(reply, parsed.error);
        log.retries.push({ attempt: log.requests, cause: `invalid reply: ${problem}` });
        attemptCauses.push(`invalid reply: ${problem}`);
        if (attempt >= options.attempts) {
          throw new JudgeOutputError(
            `Judge reply for step "${request.step}" is invalid after ${attempts(options.attempts)}: ${
              options.attempts === 1 ? problem : describeAttempts(attemptCauses)
            }`,
            reply.raw,
            log.retries,
          );
        }
        // Odd attempts are followed by the repair prompt; even ones by a fresh request after a pause.
        if (attempt % 2 === 1) {
          messages = [...request.messages, ...repairMessages(reply.raw, problem)];
        } else {
          messages = request.messages;
          await sleep(backoffMs(attempt / 2, options.retryBaseMs), request.signal);
        }
      }
    } catch (error) {
      throw toJudgeError(error, options.name, model, options.apiKey, log.retries, attemptCauses);
    }
  }

  return {
    kind: 'openai',
    name: options.name,
    model: options.model,
    cacheScope,
    call,
    usage: usage.snapshot,
    responseMode: modes.mode,
    rateLimit: () => {
      const states = transport.limiterStates();
      const since = states.map((s) => s.waitingSince).filter((t): t is number => t !== null);
      const rpm = states.map((s) => s.limitRpm).filter((r): r is number => r !== null);
      return {
        refused: transport.refused(),
        waitingSince: transport.waiting() > 0 && since.length > 0 ? Math.min(...since) : null,
        limitRpm: rpm.length > 0 ? Math.min(...rpm) : null,
      };
    },
  };
}

const attempts = (n: number): string => (n === 1 ? 'one attempt' : `${n} attempts (a repair prompt, then fresh requests)`);

function replyError(completion: JudgeCompletion, error: string): string {
  return completion.refusal && !completion.raw ? `the model refused: ${completion.refusal}` : error;
}
