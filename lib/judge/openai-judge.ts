import OpenAI, { APIError, APIUserAbortError } from 'openai';
import pLimit from 'p-limit';
import { z } from 'zod';
import { AppError } from '../errors';
import { judgeCacheKey, requestJsonSchema } from './cache-key';
import { parseReply } from './parse-reply';
import { estimateCost } from './prices';
import { formatRequest, repairMessages, RESPONSE_MODES, type ResponseMode } from './response-format';
import type { JsonSchema } from './strict-json-schema';
import { JudgeOutputError, type ChatMessage, type Judge, type JudgeReply, type JudgeRequest } from './types';
import { createUsageCounter } from './usage-counter';

export const DEFAULT_OPENAI_BASE_URL = 'https://api.openai.com/v1';
export const DEFAULT_JUDGE_MODEL = 'gpt-4.1';

export const openAIJudgeOptionsSchema = z.object({
  baseURL: z.url({ protocol: /^https?$/ }).optional(),
  /** null: send no Authorization header (local servers that need no key). */
  apiKey: z.string().min(1).nullable(),
  model: z.string().min(1).default(DEFAULT_JUDGE_MODEL),
  concurrency: z.number().int().positive().default(8),
  /** Retries of transient errors (429, 408, 409, 5xx, timeouts, connection errors) by the SDK. */
  maxRetries: z.number().int().min(0).default(4),
  /** Per attempt. */
  timeoutMs: z.number().int().positive().default(60_000),
  responseFormat: z.enum(['auto', 'json_schema', 'json_object', 'text']).default('auto'),
  name: z.string().min(1).default('openai'),
});
export type OpenAIJudgeOptions = z.input<typeof openAIJudgeOptionsSchema>;

export interface OpenAIJudge extends Judge {
  readonly name: string;
  /** The response mode this judge settled on; null until a call succeeded in auto mode. */
  responseMode(): ResponseMode | null;
}

interface Completion {
  raw: string;
  refusal: string | null;
  model: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  mode: ResponseMode;
}

/**
 * A judge on any OpenAI-compatible chat.completions endpoint. Transient errors are retried
 * by the SDK, which honours retry-after-ms / Retry-After and otherwise backs off
 * exponentially (0.5 s doubling, capped at 8 s, with jitter).
 */
export function createOpenAIJudge(input: OpenAIJudgeOptions): OpenAIJudge {
  const options = openAIJudgeOptionsSchema.parse(input);
  const baseURL = options.baseURL ?? DEFAULT_OPENAI_BASE_URL;
  // Every credential is passed explicitly (null, not undefined) so the SDK never falls back
  // to OPENAI_* variables of the process: a key goes only to the endpoint it was configured for.
  const client = new OpenAI({
    apiKey: options.apiKey ?? 'no-key',
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
    baseURL,
    maxRetries: options.maxRetries,
    timeout: options.timeoutMs,
    defaultHeaders: options.apiKey === null ? { Authorization: null } : undefined,
  });
  const limit = pLimit(options.concurrency);
  const usage = createUsageCounter();
  const fixedMode = options.responseFormat === 'auto' ? null : options.responseFormat;
  let settledMode: ResponseMode | null = fixedMode;

  async function send(
    mode: ResponseMode,
    model: string,
    messages: ChatMessage[],
    schemaName: string,
    schema: JsonSchema,
    signal: AbortSignal | undefined,
  ): Promise<Completion> {
    const formatted = formatRequest(mode, messages, schemaName, schema);
    const completion = await limit(() => {
      signal?.throwIfAborted();
      return client.chat.completions.create(
        {
          model,
          messages: formatted.messages,
          ...(formatted.responseFormat ? { response_format: formatted.responseFormat } : {}),
          ...(acceptsTemperature(model) ? { temperature: 0 } : {}),
        },
        { signal },
      );
    });
    const message = completion.choices[0]?.message;
    const promptTokens = completion.usage?.prompt_tokens ?? 0;
    const completionTokens = completion.usage?.completion_tokens ?? 0;
    const replyModel = completion.model || model;
    const costUsd = estimateCost(replyModel, promptTokens, completionTokens);
    usage.addCall(promptTokens, completionTokens, costUsd);
    return {
      raw: message?.content ?? '',
      refusal: message?.refusal ?? null,
      model: replyModel,
      promptTokens,
      completionTokens,
      costUsd,
      mode,
    };
  }

  /** In auto mode, steps down json_schema → json_object → text while the server rejects the format. */
  async function sendWithFallback(
    model: string,
    messages: ChatMessage[],
    schemaName: string,
    schema: JsonSchema,
    signal: AbortSignal | undefined,
  ): Promise<Completion> {
    const modes = settledMode ? [settledMode] : RESPONSE_MODES;
    for (let i = 0; ; i++) {
      try {
        const completion = await send(modes[i], model, messages, schemaName, schema, signal);
        // Only a success settles the mode: a 400 for another reason (context too long) must
        // not downgrade the judge for good.
        settledMode ??= modes[i];
        return completion;
      } catch (error) {
        if (i < modes.length - 1 && isFormatRejection(error)) continue;
        throw error;
      }
    }
  }

  async function call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
    const model = request.model ?? options.model;
    const schema = requestJsonSchema(request.jsonSchemaOf ?? request.schema);
    const cacheKey = judgeCacheKey(model, request.messages, schema);
    try {
      const first = await sendWithFallback(model, request.messages, request.schemaName, schema, request.signal);
      let last = first;
      let parsed = parseReply(first.raw, request.schema);
      if (!parsed.ok) {
        const repair = [...request.messages, ...repairMessages(first.raw, replyError(first, parsed.error))];
        last = await send(first.mode, model, repair, request.schemaName, schema, request.signal);
        parsed = parseReply(last.raw, request.schema);
        if (!parsed.ok) {
          throw new JudgeOutputError(
            `Judge reply for step "${request.step}" is invalid after one repair attempt: ${replyError(last, parsed.error)}`,
            last.raw,
          );
        }
      }
      const promptTokens = first.promptTokens + (last === first ? 0 : last.promptTokens);
      const completionTokens = first.completionTokens + (last === first ? 0 : last.completionTokens);
      return {
        output: parsed.output,
        raw: last.raw,
        model: last.model,
        promptTokens,
        completionTokens,
        costUsd: first.costUsd + (last === first ? 0 : last.costUsd),
        cached: false,
        cacheKey,
      };
    } catch (error) {
      throw toJudgeError(error, options.name, model, baseURL);
    }
  }

  return {
    kind: 'openai',
    name: options.name,
    model: options.model,
    call,
    usage: usage.snapshot,
    responseMode: () => settledMode,
  };
}

function replyError(completion: Completion, error: string): string {
  return completion.refusal && !completion.raw ? `the model refused: ${completion.refusal}` : error;
}

const isFormatRejection = (error: unknown): boolean =>
  error instanceof APIError && (error.status === 400 || error.status === 422);

// Reasoning models (o-series, gpt-5) reject any temperature but the default.
const acceptsTemperature = (model: string): boolean => !/^(openai\/)?(o\d|gpt-5)/i.test(model);

function toJudgeError(error: unknown, name: string, model: string, baseURL: string): unknown {
  if (error instanceof JudgeOutputError || error instanceof APIUserAbortError || error instanceof AppError) return error;
  if (error instanceof APIError) {
    const where = `Judge "${name}" (model ${model})`;
    const message =
      error.status === undefined
        ? `${where} could not get a reply from ${baseURL}: ${error.message}`
        : `${where} request failed with status ${error.status}: ${error.message}`;
    return new AppError('JUDGE', message, { judge: name, model, status: error.status ?? null });
  }
  return error;
}
