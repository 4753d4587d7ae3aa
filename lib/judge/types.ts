import type { z } from 'zod';
import type { Usage } from '../domain';
import type { StepContract } from './steps';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/**
 * A judge step's name (lib/judge/steps.ts; each metric's are in its folder). OpenAI-compatible
 * judges only read `messages`; the offline judge dispatches on `step` and reads `input`.
 */
export type JudgeStep = string;

/** One generated token with the most likely alternatives the endpoint gave for its place (`top_logprobs`). */
export interface TokenLogprobs {
  token: string;
  top: { token: string; logprob: number }[];
}

export interface JudgeRequest<T> {
  step: JudgeStep;
  /** Structured input of the step, shaped as its contract's input (the step's steps.ts). */
  input: unknown;
  /**
   * The step's contract, from the folder that defines the step (its metric's steps.ts, through
   * the metric's descriptor): judges that read the input check it against the contract, and
   * the offline judge answers by its rule. OpenAI-compatible judges do not read it.
   */
  contract?: StepContract;
  /** The rendered prompt. */
  messages: ChatMessage[];
  /** Validates the reply. Must be expressible as a strict JSON schema (no records, all fields required). */
  schema: z.ZodType<T>;
  /**
   * The schema whose JSON schema is sent and keyed on, when `schema` adds refinements that JSON
   * schema cannot express: a stable object lets its JSON schema be computed once.
   */
  jsonSchemaOf?: z.ZodType;
  /** Name given to the JSON schema in structured-output requests. */
  schemaName: string;
  /** Overrides the judge's model for this request. */
  model?: string;
  /** Ask for this many alternatives of every generated token (`logprobs`); judges that cannot, answer without. */
  topLogprobs?: number;
  /** One of several samples of the same request (judge noise): asked at this temperature, cached apart from the others. */
  sampling?: { index: number; temperature: number };
  signal?: AbortSignal;
}

export interface JudgeReply<T> {
  output: T;
  /** The raw reply text, as received (or as cached). */
  raw: string;
  model: string;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** Served from the cache or from an identical in-flight request: no call was made. */
  cached: boolean;
  cacheKey: string;
  /** Requests of this step that gave no usable reply before this one, with their cause (429, 500, cut short, invalid…). */
  retries?: { attempt: number; cause: string }[];
  /** The reply's tokens with their alternatives, when the request asked for them and the endpoint gave them. */
  logprobs?: TokenLogprobs[];
}

/** How a judge fares with its endpoint's rate limit. */
export interface JudgeRateLimitStatus {
  /** Requests of this judge the endpoint refused with 429 (each was waited out and sent again). */
  refused: number;
  /** Since when (ms epoch) requests of this judge have been held back by the rate limit; null when none is. */
  waitingSince: number | null;
  /** Requests a minute the endpoint allows, configured or learnt from its replies; null while unknown. */
  limitRpm?: number | null;
}

export interface Judge {
  /** e.g. "offline" or "openai"; shown in reasons and stored on runs. */
  readonly kind: string;
  readonly model: string;
  /** The endpoint its replies are cached under (judges on a server); cache keys include it. */
  readonly cacheScope?: string;
  call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>>;
  /** Totals of every call this judge served. */
  usage(): Usage;
  /** Judges on an endpoint with rate limits (OpenAI-compatible) report how they are held back. */
  rateLimit?(): JudgeRateLimitStatus;
  /** Writes what the judge holds back to write later (its cache's replies); work that ends calls it before it reports done. */
  flush?(): Promise<void>;
}

/** The judge with its calls made through `call`; its name, usage, cache scope and rate limit stay its own. */
export function withCall(judge: Judge, call: Judge['call']): Judge {
  return {
    kind: judge.kind,
    model: judge.model,
    ...(judge.cacheScope ? { cacheScope: judge.cacheScope } : {}),
    call,
    usage: () => judge.usage(),
    ...(judge.rateLimit ? { rateLimit: () => judge.rateLimit!() } : {}),
    ...(judge.flush ? { flush: () => judge.flush!() } : {}),
  };
}

/** A persistent store of judge replies, keyed by a hash of model, messages and schema. */
export interface JudgeCacheEntry {
  raw: string;
  model: string;
  step: string;
  promptTokens: number;
  completionTokens: number;
  messages: ChatMessage[];
  /** Kept with the reply so that a cached answer weighs its score as the first one did. */
  logprobs?: TokenLogprobs[];
}
export interface JudgeCache {
  get(key: string): Promise<JudgeCacheEntry | null>;
  set(key: string, entry: JudgeCacheEntry): Promise<void>;
  /**
   * Many at once, for stores where one statement costs about what one entry does (the
   * database's): withCache then looks keys up together and writes replies in batches, off the
   * path of the call (lib/judge/cache-batcher.ts).
   */
  getMany?(keys: readonly string[]): Promise<Map<string, JudgeCacheEntry>>;
  setMany?(entries: readonly (readonly [string, JudgeCacheEntry])[]): Promise<void>;
}

/** A judge reply that failed validation in every attempt (repair prompt, then fresh requests). */
export class JudgeOutputError extends Error {
  constructor(
    message: string,
    readonly raw: string,
    readonly retries: { attempt: number; cause: string }[] = [],
  ) {
    super(message);
    this.name = 'JudgeOutputError';
  }
}
