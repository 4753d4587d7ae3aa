import { z } from 'zod';
import type { Db } from '../../db-types';

export interface JudgeCacheEntryView {
  key: string;
  model: string;
  step: string;
  messages: { role: string; content: string }[];
  raw: string;
  promptTokens: number;
  completionTokens: number;
}

const messagesSchema = z.array(z.object({ role: z.string(), content: z.string() })).catch([]);

/** The cached judge exchanges (prompt and raw reply) behind some call records, by cache key. */
export async function listJudgeCacheEntries(db: Db, keys: string[]): Promise<Map<string, JudgeCacheEntryView>> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return new Map();
  const rows = await db.judgeCache.findMany({
    where: { key: { in: unique } },
    select: { key: true, model: true, step: true, messages: true, raw: true, promptTokens: true, completionTokens: true },
  });
  return new Map(rows.map((r) => [r.key, { ...r, messages: messagesSchema.parse(r.messages) }]));
}
