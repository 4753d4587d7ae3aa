import type { Db } from '../db/client';
import { DEFAULT_LABEL_KEYS, factsOfLogs, factsOfSpan, type LlmCallFact, type TraceFact } from './extract-facts';
import { materializeTraces } from './materialize';
import { normalizeLogs, normalizeSpans } from './normalize';
import { decodeExport, type Encoding, type Signal } from './otlp-codec';
import { storeCallFacts, storeTraceFacts } from './store-facts';

const LEASE_MS = 60_000;

/** The attributes kept as labels: the common ones and those online rules take their model version from. */
async function labelKeysOf(db: Db): Promise<string[]> {
  const rules = await db.onlineRule.findMany({ where: { versionAttribute: { not: null } }, select: { versionAttribute: true } });
  return [...new Set([...DEFAULT_LABEL_KEYS, ...rules.map((r) => r.versionAttribute!)])];
}

interface Facts {
  calls: LlmCallFact[];
  traces: TraceFact[];
}

/** Decodes one stored batch into facts; the rejected records' count and first reason, or null. */
function factsOfBatch(batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array }, userKey: string | undefined, labelKeys: readonly string[], into: Facts): string | null {
  const decoded = decodeExport(batch.signal as Signal, batch.encoding as Encoding, batch.gzip, batch.body);
  let rejected: { count: number; first: string | null };
  if (batch.signal === 'traces') {
    const spans = normalizeSpans(decoded);
    rejected = { count: spans.rejected, first: spans.firstError };
    for (const span of spans.records) {
      const { call, trace } = factsOfSpan(span, userKey, labelKeys);
      if (call) into.calls.push(call);
      if (trace) into.traces.push(trace);
    }
  } else {
    const logs = normalizeLogs(decoded);
    rejected = { count: logs.rejected, first: logs.firstError };
    into.calls.push(...factsOfLogs(logs.records));
  }
  return rejected.count ? `${rejected.count} record(s) rejected; first: ${rejected.first}` : null;
}

/**
 * Takes up to `limit` stored batches (oldest first) under a lease, decodes each, merges the facts
 * of all of them and rewrites the conversations they touch once (a backlog costs one rewrite per
 * slice, not per batch), then marks them processed (with the reason when one could not be
 * decoded: such a batch is kept, not retried). The number processed.
 */
export async function processPendingBatches(db: Db, options: { limit?: number; env?: Record<string, string | undefined> } = {}): Promise<number> {
  const env = options.env ?? process.env;
  const userKey = env.TURNWISE_OTLP_CONVERSATION_KEY?.trim() || undefined;
  const now = new Date();
  const candidates = await db.otlpBatch.findMany({
    where: { processedAt: null, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { receivedAt: 'asc' },
    take: options.limit ?? 20,
    select: { id: true, leaseUntil: true },
  });
  const leased: string[] = [];
  for (const candidate of candidates) {
    // The lease is taken by a conditional update: of two workers, one gets it.
    const { count } = await db.otlpBatch.updateMany({
      where: { id: candidate.id, processedAt: null, leaseUntil: candidate.leaseUntil },
      data: { leaseUntil: new Date(Date.now() + LEASE_MS), attempts: { increment: 1 } },
    });
    if (count > 0) leased.push(candidate.id);
  }
  if (!leased.length) return 0;
  const batches = await db.otlpBatch.findMany({ where: { id: { in: leased } }, orderBy: { receivedAt: 'asc' }, select: { id: true, signal: true, encoding: true, gzip: true, body: true } });
  const facts: Facts = { calls: [], traces: [] };
  const labelKeys = await labelKeysOf(db);
  const errors = new Map<string, string | null>();
  for (const batch of batches) {
    try {
      errors.set(batch.id, factsOfBatch(batch, userKey, labelKeys, facts));
    } catch (thrown) {
      errors.set(batch.id, (thrown as Error).message.slice(0, 1000));
    }
  }
  try {
    await storeTraceFacts(db, facts.traces);
    await storeCallFacts(db, facts.calls);
    await materializeTraces(db, [...facts.calls, ...facts.traces].map((f) => f.traceId));
  } catch (thrown) {
    const message = (thrown as Error).message.slice(0, 1000);
    for (const [id, error] of errors) if (error === null) errors.set(id, message);
  }
  const clean = [...errors].filter(([, error]) => error === null).map(([id]) => id);
  const processedAt = new Date();
  if (clean.length) await db.otlpBatch.updateMany({ where: { id: { in: clean } }, data: { processedAt, leaseUntil: null, error: null } });
  for (const [id, error] of errors) if (error !== null) await db.otlpBatch.update({ where: { id }, data: { processedAt, leaseUntil: null, error } });
  return leased.length;
}
