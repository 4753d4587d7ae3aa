import type { Db } from '../db/client';
import type { LlmCallFact, TraceFact } from './extract-facts';

const defined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

const IN_CHUNK = 500;

/**
 * Merges call facts into their rows (by trace and span id): a fact sent twice changes nothing.
 * Facts of one key are merged first; new rows go in as one multi-row insert and known ones are
 * updated, all in one transaction (one commit, not one per row). Should another worker insert one
 * of the same rows meanwhile, the whole set goes again as upserts.
 */
export async function storeCallFacts(db: Db, facts: LlmCallFact[]): Promise<void> {
  const merged = new Map<string, LlmCallFact>();
  for (const fact of facts) {
    const key = `${fact.traceId}:${fact.spanId}`;
    merged.set(key, { ...merged.get(key), ...(defined(fact) as LlmCallFact) });
  }
  if (!merged.size) return;
  const rows = [...merged.values()].map(({ traceId, spanId, toolCalls, ...rest }) => ({ traceId, spanId, data: defined({ ...rest, toolCalls: toolCalls ?? undefined }) }));
  const traceIds = [...new Set(rows.map((r) => r.traceId))];
  const known = new Set<string>();
  for (let i = 0; i < traceIds.length; i += IN_CHUNK) {
    const found = await db.otelLlmCall.findMany({ where: { traceId: { in: traceIds.slice(i, i + IN_CHUNK) } }, select: { traceId: true, spanId: true } });
    for (const row of found) known.add(`${row.traceId}:${row.spanId}`);
  }
  const update = (r: (typeof rows)[number]) => db.otelLlmCall.update({ where: { traceId_spanId: { traceId: r.traceId, spanId: r.spanId } }, data: r.data });
  const fresh = rows.filter((r) => !known.has(`${r.traceId}:${r.spanId}`));
  try {
    await db.$transaction([
      ...(fresh.length ? [db.otelLlmCall.createMany({ data: fresh.map((r) => ({ traceId: r.traceId, spanId: r.spanId, ...r.data })) })] : []),
      ...rows.filter((r) => known.has(`${r.traceId}:${r.spanId}`)).map(update),
    ]);
  } catch (error) {
    if ((error as { code?: string }).code !== 'P2002') throw error;
    await db.$transaction(rows.map((r) => db.otelLlmCall.upsert({ where: { traceId_spanId: { traceId: r.traceId, spanId: r.spanId } }, create: { traceId: r.traceId, spanId: r.spanId, ...r.data }, update: r.data })));
  }
}

/** Merges trace facts into their rows (new ones in one insert): retrieved documents add up without repeats. */
export async function storeTraceFacts(db: Db, facts: TraceFact[]): Promise<void> {
  if (!facts.length) return;
  const ids = [...new Set(facts.map((f) => f.traceId))];
  const stored = new Map<string, string[]>();
  for (let i = 0; i < ids.length; i += IN_CHUNK) {
    const rows = await db.otelTrace.findMany({ where: { traceId: { in: ids.slice(i, i + IN_CHUNK) } }, select: { traceId: true, retrieved: true } });
    for (const row of rows) stored.set(row.traceId, Array.isArray(row.retrieved) ? (row.retrieved as string[]) : []);
  }
  const merged = new Map<string, { traceId: string; service?: string; conversationId?: string; retrieved?: string[] }>();
  for (const fact of facts) {
    const before = merged.get(fact.traceId);
    const docs = before?.retrieved ?? stored.get(fact.traceId) ?? [];
    const retrieved = fact.retrieved ? [...docs, ...fact.retrieved.filter((doc) => !docs.includes(doc))] : before?.retrieved;
    merged.set(fact.traceId, { ...before, ...defined({ service: fact.service, conversationId: fact.conversationId }), traceId: fact.traceId, ...(retrieved ? { retrieved } : {}) });
  }
  const rows = [...merged.values()].map(({ traceId, ...rest }) => ({ traceId, data: defined(rest) }));
  const fresh = rows.filter((r) => !stored.has(r.traceId));
  try {
    await db.$transaction([
      ...(fresh.length ? [db.otelTrace.createMany({ data: fresh.map((r) => ({ traceId: r.traceId, ...r.data })) })] : []),
      ...rows.filter((r) => stored.has(r.traceId)).map((r) => db.otelTrace.update({ where: { traceId: r.traceId }, data: r.data })),
    ]);
  } catch (error) {
    // Another worker stored one of these traces meanwhile: the same as upserts.
    if ((error as { code?: string }).code !== 'P2002') throw error;
    await db.$transaction(rows.map((r) => db.otelTrace.upsert({ where: { traceId: r.traceId }, create: { traceId: r.traceId, ...r.data }, update: r.data })));
  }
}
