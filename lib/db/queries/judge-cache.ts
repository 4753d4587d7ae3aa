import { z } from 'zod';
import type { ChatMessage, JudgeCache, JudgeCacheEntry } from '../../judge/types';
import type { Db } from '../db-types';
import { isPassingDbError } from '../passing-error';

const messagesSchema = z.array(
  z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }),
);

const logprobsSchema = z.array(z.object({ token: z.string(), top: z.array(z.object({ token: z.string(), logprob: z.number() })) }));

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'P2002';
}

/**
 * The judge's reply cache, stored in the JudgeCache table. A database that blinks makes a lookup
 * a miss and a store a no-op: the judge is asked, and its verdict is not lost for want of a cache.
 */
export function createPrismaJudgeCache(db: Db): JudgeCache {
  const passing = <T>(fallback: T) => (error: unknown): T => {
    if (isPassingDbError(error)) return fallback;
    throw error;
  };
  return {
    async get(key: string): Promise<JudgeCacheEntry | null> {
      const row = await db.judgeCache
        .findUnique({
          where: { key },
          select: { raw: true, model: true, step: true, promptTokens: true, completionTokens: true, messages: true, logprobs: true },
        })
        .catch(passing(null));
      if (!row) return null;
      const messages = messagesSchema.safeParse(row.messages);
      // An entry we cannot read is a miss: the judge asks again and overwrites it.
      if (!messages.success) return null;
      const logprobs = row.logprobs === null ? undefined : logprobsSchema.safeParse(row.logprobs);
      if (logprobs && !logprobs.success) return null;
      const { logprobs: _stored, ...rest } = row;
      return { ...rest, messages: messages.data satisfies ChatMessage[], ...(logprobs ? { logprobs: logprobs.data } : {}) };
    },

    async set(key: string, entry: JudgeCacheEntry): Promise<void> {
      const data = {
        model: entry.model,
        step: entry.step,
        raw: entry.raw,
        promptTokens: entry.promptTokens,
        completionTokens: entry.completionTokens,
        messages: entry.messages.map(({ role, content }) => ({ role, content })),
        ...(entry.logprobs ? { logprobs: entry.logprobs.map(({ token, top }) => ({ token, top: top.map(({ token: t, logprob }) => ({ token: t, logprob })) })) } : {}),
      };
      try {
        await db.judgeCache.upsert({ where: { key }, create: { key, ...data }, update: data });
      } catch (error) {
        // Two writers raced to insert the same key: the same request, so the same reply.
        if (!isUniqueViolation(error)) passing(undefined)(error);
      }
    },
  };
}
