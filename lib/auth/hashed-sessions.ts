import { createHash } from 'node:crypto';
import type { BetterAuthOptions, DBAdapter, DBAdapterInstance, Where } from 'better-auth';

/** What the Session table keeps of a cookie's token. */
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

type Rows = Map<string, string>;

/** The `where` with every session token replaced by its hash; `raw` learns hash → token to give rows back their token. */
function hashWhere(where: Where[] | undefined, raw: Rows): Where[] | undefined {
  return where?.map((w) => {
    if (w.field !== 'token') return w;
    const hash = (token: unknown) => {
      if (typeof token !== 'string') return token;
      const hashed = sessionTokenHash(token);
      raw.set(hashed, token);
      return hashed;
    };
    return { ...w, value: Array.isArray(w.value) ? (w.value as unknown[]).map(hash) : hash(w.value) } as Where;
  });
}

/** A row found by its token carries the token the caller asked with (the cookie's), not the stored hash. */
function restore<T>(row: T, raw: Rows): T {
  if (!row || typeof row !== 'object') return row;
  const token = (row as { token?: unknown }).token;
  const known = typeof token === 'string' ? raw.get(token) : undefined;
  return known === undefined ? row : { ...row, token: known };
}

/**
 * The adapter with session tokens stored as their SHA-256: better-auth (1.7) keeps the cookie's
 * token as is in the Session table, so a read of the table (a backup, a leaked file) gave every
 * live session. The cookie still carries the token; every look-up by token looks up its hash.
 * Sessions listed without a token (by user) carry the hash, which opens nothing.
 */
function hashSessionTokens<A extends Omit<DBAdapter, 'transaction'>>(adapter: A): A {
  const isSession = (model: string) => model === 'session';
  return {
    ...adapter,
    create: async (input) => {
      if (!isSession(input.model) || typeof input.data.token !== 'string') return adapter.create(input);
      const token = input.data.token;
      const row = await adapter.create({ ...input, data: { ...input.data, token: sessionTokenHash(token) } });
      return restore(row, new Map([[sessionTokenHash(token), token]]));
    },
    findOne: async (input) => {
      if (!isSession(input.model)) return adapter.findOne(input);
      const raw: Rows = new Map();
      return restore(await adapter.findOne({ ...input, where: hashWhere(input.where, raw)! }), raw);
    },
    findMany: async (input) => {
      if (!isSession(input.model)) return adapter.findMany(input);
      const raw: Rows = new Map();
      const rows = await adapter.findMany({ ...input, where: hashWhere(input.where, raw) });
      return rows.map((row) => restore(row, raw));
    },
    count: (input) => adapter.count(isSession(input.model) ? { ...input, where: hashWhere(input.where, new Map()) } : input),
    update: async (input) => {
      if (!isSession(input.model)) return adapter.update(input);
      const raw: Rows = new Map();
      return restore(await adapter.update({ ...input, where: hashWhere(input.where, raw)!, update: hashUpdate(input.update) }), raw);
    },
    updateMany: (input) => adapter.updateMany(isSession(input.model) ? { ...input, where: hashWhere(input.where, new Map())!, update: hashUpdate(input.update) } : input),
    delete: (input) => adapter.delete(isSession(input.model) ? { ...input, where: hashWhere(input.where, new Map())! } : input),
    deleteMany: (input) => adapter.deleteMany(isSession(input.model) ? { ...input, where: hashWhere(input.where, new Map())! } : input),
    consumeOne: async (input) => {
      if (!isSession(input.model)) return adapter.consumeOne(input);
      const raw: Rows = new Map();
      return restore(await adapter.consumeOne({ ...input, where: hashWhere(input.where, raw)! }), raw);
    },
    incrementOne: (input) => adapter.incrementOne(isSession(input.model) ? { ...input, where: hashWhere(input.where, new Map())! } : input),
  };
}

function hashUpdate(update: Record<string, unknown>): Record<string, unknown> {
  return typeof update.token === 'string' ? { ...update, token: sessionTokenHash(update.token) } : update;
}

/** `instance` (prismaAdapter(…)) storing session tokens hashed, inside transactions too. */
export function withHashedSessions(instance: DBAdapterInstance): DBAdapterInstance {
  return (options: BetterAuthOptions) => {
    const adapter = instance(options);
    return {
      ...hashSessionTokens(adapter),
      transaction: (callback) => adapter.transaction((trx) => callback(hashSessionTokens(trx))),
    } as DBAdapter;
  };
}
