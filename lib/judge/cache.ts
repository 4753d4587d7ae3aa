import { createCacheBatcher } from './cache-batcher';
import { requestCacheKey } from './cache-key';
import { parseReply, type ParsedReply } from './parse-reply';
import type { Judge, JudgeCache, JudgeCacheEntry, JudgeReply, JudgeRequest } from './types';

type Outcome =
  | { kind: 'hit'; entry: JudgeCacheEntry; parsed: ParsedReply<unknown> }
  | { kind: 'miss'; entry: JudgeCacheEntry; reply: JudgeReply<unknown> };

/** get and set of the cache as withCache uses them: batched (lib/judge/cache-batcher.ts) when the store can take many at once. */
function cacheAccess(cache: JudgeCache, deferWrites: boolean) {
  if (cache.getMany && cache.setMany) return createCacheBatcher({ ...cache, getMany: cache.getMany, setMany: cache.setMany }, { deferWrites });
  return { get: (key: string) => cache.get(key), put: (key: string, entry: JudgeCacheEntry) => cache.set(key, entry), flush: async () => undefined };
}

/**
 * A judge that answers from `cache` when it can and otherwise asks `judge` and stores the
 * reply. Identical requests in flight share one lookup and one call, so the same request is
 * never sent twice. Replies served without a call have cached=true and cost nothing: their
 * tokens and cost are 0, since usage counts what was spent. With a store that takes many
 * entries at once, lookups are read together, and with `deferWrites` replies are written in
 * batches off the call's path: the caller calls `flush` when its work ends
 * (lib/judge/cache-batcher.ts says what a killed process loses).
 */
export function withCache(judge: Judge, cache: JudgeCache, { deferWrites = false }: { deferWrites?: boolean } = {}): Judge {
  const inFlight = new Map<string, Promise<Outcome>>();
  const access = cacheAccess(cache, deferWrites);
  let cacheHits = 0;

  async function resolve<T>(key: string, request: JudgeRequest<T>): Promise<Outcome> {
    const stored = await access.get(key);
    // An entry that no longer validates (schema changed, bad write) is a miss and gets replaced.
    const parsed = stored ? parseReply(stored.raw, request.schema) : null;
    if (stored && parsed?.ok) return { kind: 'hit', entry: stored, parsed };
    const reply = await judge.call(request);
    const entry: JudgeCacheEntry = {
      raw: reply.raw,
      model: reply.model,
      step: request.step,
      promptTokens: reply.promptTokens,
      completionTokens: reply.completionTokens,
      messages: request.messages,
      ...(reply.logprobs ? { logprobs: reply.logprobs } : {}),
    };
    await access.put(key, entry);
    return { kind: 'miss', entry, reply };
  }

  async function call<T>(request: JudgeRequest<T>): Promise<JudgeReply<T>> {
    const key = requestCacheKey(request, judge.model, judge.cacheScope);
    let shared = inFlight.get(key);
    const isFirst = !shared;
    if (!shared) {
      shared = resolve(key, request);
      inFlight.set(key, shared);
      void shared.then(
        () => inFlight.delete(key),
        () => inFlight.delete(key),
      );
    }
    const outcome = await shared;
    if (isFirst && outcome.kind === 'miss') return { ...(outcome.reply as JudgeReply<T>), cacheKey: key, cached: false };
    // The first asker's hit was parsed with its own schema already; another asker's schema decides for itself.
    const parsed = (isFirst && outcome.kind === 'hit' ? outcome.parsed : parseReply(outcome.entry.raw, request.schema)) as ParsedReply<T>;
    if (!parsed.ok) {
      // Same key means same JSON schema, so only a zod refinement the JSON schema cannot
      // express gets here: this request's own schema decides, with a call of its own.
      return { ...(await judge.call(request)), cacheKey: key };
    }
    cacheHits++;
    return {
      output: parsed.output,
      raw: outcome.entry.raw,
      model: outcome.entry.model,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
      cached: true,
      cacheKey: key,
      ...(outcome.entry.logprobs ? { logprobs: outcome.entry.logprobs } : {}),
    };
  }

  return {
    kind: judge.kind,
    model: judge.model,
    ...(judge.cacheScope ? { cacheScope: judge.cacheScope } : {}),
    call,
    usage: () => {
      const inner = judge.usage();
      return { ...inner, cacheHits: inner.cacheHits + cacheHits };
    },
    ...(judge.rateLimit ? { rateLimit: judge.rateLimit.bind(judge) } : {}),
    flush: async () => {
      await access.flush();
      await judge.flush?.();
    },
  };
}
