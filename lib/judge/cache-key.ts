import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { ChatMessage, JudgeRequest } from './types';
import { toStrictJsonSchema, type JsonSchema } from './strict-json-schema';

/** JSON with object keys sorted at every depth, so equal values always give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The endpoint a judge's replies are cached under: its base URL, normalised. Two servers
 * that serve different weights under one model name do not share replies. Never the key: the
 * cache key is a hash, but a key has no business in it.
 */
export function endpointCacheScope(baseURL: string): string {
  try {
    return new URL(baseURL).href.replace(/\/+$/, '');
  } catch {
    return baseURL;
  }
}

/**
 * sha256 (hex) of the canonical JSON of model, messages (role and content only) and schema, of
 * the logprobs asked for when a request asks for them (a reply without them cannot stand in),
 * and of the endpoint (`scope`) for judges on a server.
 */
export function judgeCacheKey(
  model: string,
  messages: ChatMessage[],
  jsonSchema: JsonSchema,
  topLogprobs?: number,
  sampling?: { index: number; temperature: number },
  scope?: string,
): string {
  const payload = canonicalJson({
    ...(scope ? { endpoint: scope } : {}),
    model,
    messages: messages.map(({ role, content }) => ({ role, content })),
    schema: jsonSchema,
    ...(topLogprobs ? { topLogprobs } : {}),
    ...(sampling ? { sample: sampling.index, temperature: sampling.temperature } : {}),
  });
  return createHash('sha256').update(payload).digest('hex');
}

const schemaCache = new WeakMap<z.ZodType, JsonSchema>();

/** The strict JSON schema of a request's zod schema, computed once per schema object. */
export function requestJsonSchema(schema: z.ZodType): JsonSchema {
  let json = schemaCache.get(schema);
  if (!json) {
    json = toStrictJsonSchema(schema);
    schemaCache.set(schema, json);
  }
  return json;
}

/**
 * The key a request is cached under. Judges put it on their replies and withCache looks it
 * up, so both must call this one function.
 */
export function requestCacheKey<T>(request: JudgeRequest<T>, defaultModel: string, scope?: string): string {
  return judgeCacheKey(request.model ?? defaultModel, request.messages, requestJsonSchema(request.jsonSchemaOf ?? request.schema), request.topLogprobs, request.sampling, scope);
}
