import { z } from 'zod';
import { Prisma } from '../generated/sqlite/client';
import type { ChatMessage, JudgeCache, JudgeCacheEntry } from '../../judge/types';
import { isPostgresDb } from '../db-provider';
import type { Db } from '../db-types';
import { isPassingDbError } from '../passing-error';

const messagesSchema = z.array(
  z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() }),
);

const logprobsSchema = z.array(z.object({ token: z.string(), top: z.array(z.object({ token: z.string(), logprob: z.number() })) }));

/** Keys per lookup statement and entries per write statement: well under SQLite's bound parameters. */
const KEYS_PER_SELECT = 500;
const ROWS_PER_INSERT = 200;

const COLUMNS = Prisma.raw('"key", "raw", "model", "step", "promptTokens", "completionTokens", "messages", "logprobs"');

type Row = { key: string; raw: string; model: string; step: string; promptTokens: unknown; completionTokens: unknown; messages: unknown; logprobs: unknown };

/** A JSON column as read: PostgreSQL's driver parses jsonb, SQLite hands back its text. */
const jsonOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** A stored row as an entry; null when it cannot be read (a miss: the judge asks again and overwrites it). */
function entryOf(row: Omit<Row, 'key'>): JudgeCacheEntry | null {
  let messagesValue: unknown;
  let logprobsValue: unknown;
  try {
    messagesValue = jsonOf(row.messages);
    logprobsValue = row.logprobs === null ? null : jsonOf(row.logprobs);
  } catch {
    return null;
  }
  const messages = messagesSchema.safeParse(messagesValue);
  if (!messages.success) return null;
  const logprobs = logprobsValue === null ? undefined : logprobsSchema.safeParse(logprobsValue);
  if (logprobs && !logprobs.success) return null;
  return {
    raw: row.raw,
    model: row.model,
    step: row.step,
    promptTokens: Number(row.promptTokens),
    completionTokens: Number(row.completionTokens),
    messages: messages.data satisfies ChatMessage[],
    ...(logprobs ? { logprobs: logprobs.data } : {}),
  };
}

const logprobsJson = (entry: JudgeCacheEntry): string | null =>
  entry.logprobs ? JSON.stringify(entry.logprobs.map(({ token, top }) => ({ token, top: top.map(({ token: t, logprob }) => ({ token: t, logprob })) }))) : null;

/**
 * The judge's reply cache, stored in the JudgeCache table. A database that blinks makes a lookup
 * a miss and a store a no-op: the judge is asked, and its verdict is not lost for want of a cache.
 * getMany and setMany read and write many entries per statement, in SQL of their own: through
 * the ORM a lookup cost half a millisecond of CPU and a write one and a half, per judge call.
 */
export function createPrismaJudgeCache(db: Db): JudgeCache {
  const passing = <T>(fallback: T) => (error: unknown): T => {
    if (isPassingDbError(error)) return fallback;
    throw error;
  };

  async function getMany(keys: readonly string[]): Promise<Map<string, JudgeCacheEntry>> {
    const found = new Map<string, JudgeCacheEntry>();
    for (let i = 0; i < keys.length; i += KEYS_PER_SELECT) {
      const rows = await db
        .$queryRaw<Row[]>(Prisma.sql`SELECT ${COLUMNS} FROM "JudgeCache" WHERE "key" IN (${Prisma.join(keys.slice(i, i + KEYS_PER_SELECT))})`)
        .catch(passing([] as Row[]));
      for (const { key, ...row } of rows) {
        const entry = entryOf(row);
        if (entry) found.set(key, entry);
      }
    }
    return found;
  }

  async function setMany(entries: readonly (readonly [string, JudgeCacheEntry])[]): Promise<void> {
    // jsonb on PostgreSQL takes the text with a cast; SQLite stores JSON as the text itself.
    const json = isPostgresDb(db) ? (text: string | null) => Prisma.sql`CAST(${text} AS JSONB)` : (text: string | null) => Prisma.sql`${text}`;
    for (let i = 0; i < entries.length; i += ROWS_PER_INSERT) {
      const rows = entries.slice(i, i + ROWS_PER_INSERT).map(([key, entry]) => {
        const messages = JSON.stringify(entry.messages.map(({ role, content }) => ({ role, content })));
        return Prisma.sql`(${key}, ${entry.raw}, ${entry.model}, ${entry.step}, ${entry.promptTokens}, ${entry.completionTokens}, ${json(messages)}, ${json(logprobsJson(entry))})`;
      });
      // A key written again takes the new reply; a reply without token alternatives keeps the stored ones.
      await db
        .$executeRaw(
          Prisma.sql`INSERT INTO "JudgeCache" (${COLUMNS}) VALUES ${Prisma.join(rows)}
            ON CONFLICT ("key") DO UPDATE SET "raw" = excluded."raw", "model" = excluded."model", "step" = excluded."step",
              "promptTokens" = excluded."promptTokens", "completionTokens" = excluded."completionTokens", "messages" = excluded."messages",
              "logprobs" = COALESCE(excluded."logprobs", "JudgeCache"."logprobs")`,
        )
        .catch(passing(0));
    }
  }

  return {
    get: async (key) => (await getMany([key])).get(key) ?? null,
    set: (key, entry) => setMany([[key, entry]]),
    getMany,
    setMany,
  };
}
