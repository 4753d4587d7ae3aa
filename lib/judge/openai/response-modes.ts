import { APIError } from 'openai';
import type { ChatTransport, RequestLog } from '../../llm/chat-transport';
import { estimateTokens } from '../../llm/prices';
import { isCutShort } from '../parse-reply';
import { formatRequest, RESPONSE_MODES, type ResponseMode } from '../response-format';
import type { JsonSchema } from '../strict-json-schema';
import type { ChatMessage, TokenLogprobs } from '../types';

/** One judge request as the judge asks it, before a response mode shapes it. */
export interface JudgeAsk {
  model: string;
  messages: ChatMessage[];
  schemaName: string;
  schema: JsonSchema;
  signal?: AbortSignal;
  topLogprobs?: number;
  temperature?: number;
}

/** A judge's reply as it came back, before validation. */
export interface JudgeCompletion {
  logprobs?: TokenLogprobs[];
  raw: string;
  refusal: string | null;
  model: string;
  mode: ResponseMode;
}

/** Replies are short JSON; the estimate only has to be of the right size for tpm pacing. */
const EXPECTED_COMPLETION_TOKENS = 300;

// Reasoning models (o-series, gpt-5) reject any temperature but the default.
const acceptsTemperature = (model: string): boolean => !/^(openai\/)?(o\d|gpt-5)/i.test(model);

export const isFormatRejection = (error: unknown): boolean => error instanceof APIError && (error.status === 400 || error.status === 422);

/**
 * How a judge asks for JSON over the transport: structured outputs, JSON mode or plain text. In
 * auto mode (`fixed` null) it steps down json_schema → json_object → text while the server
 * rejects the format, and keeps the first mode that succeeds; a server that refuses logprobs is
 * asked again without them, and not asked for them again.
 */
export function createResponseModes(transport: ChatTransport, fixed: ResponseMode | null) {
  let settledMode: ResponseMode | null = fixed;
  let logprobsRefused = false;

  async function send(mode: ResponseMode, ask: JudgeAsk, log: RequestLog, topLogprobs: number | undefined): Promise<JudgeCompletion> {
    const formatted = formatRequest(mode, ask.messages, ask.schemaName, ask.schema);
    const temperature = ask.temperature ?? 0;
    const { completion, model } = await transport.complete(
      {
        model: ask.model,
        body: {
          messages: formatted.messages,
          ...(formatted.responseFormat ? { response_format: formatted.responseFormat } : {}),
          ...(topLogprobs ? { logprobs: true, top_logprobs: topLogprobs } : {}),
          ...(acceptsTemperature(ask.model) ? { temperature } : {}),
        },
        tokens: estimateTokens(formatted.messages.map((m) => m.content).join('\n')) + EXPECTED_COMPLETION_TOKENS,
        signal: ask.signal,
        isCutShort,
      },
      log,
    );
    const choice = completion.choices[0];
    return {
      raw: choice?.message?.content ?? '',
      refusal: choice?.message?.refusal ?? null,
      model,
      mode,
      ...(choice?.logprobs?.content
        ? { logprobs: choice.logprobs.content.map((c) => ({ token: c.token, top: c.top_logprobs.map((t) => ({ token: t.token, logprob: t.logprob })) })) }
        : {}),
    };
  }

  async function sendWithFallback(ask: JudgeAsk, log: RequestLog): Promise<JudgeCompletion> {
    const modes = settledMode ? [settledMode] : RESPONSE_MODES;
    for (let i = 0; ; i++) {
      try {
        const asked = logprobsRefused ? undefined : ask.topLogprobs;
        const completion = await send(modes[i], ask, log, asked).catch((error: unknown) => {
          if (!asked || !isFormatRejection(error)) throw error;
          logprobsRefused = true;
          return send(modes[i], ask, log, undefined);
        });
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

  return { send: sendWithFallback, mode: (): ResponseMode | null => settledMode };
}
