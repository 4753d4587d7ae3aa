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

/** Decodes one stored batch and merges what it says; returns the rejected records' count and first reason. */
async function processOne(
  db: Db,
  batch: { id: string; signal: string; encoding: string; gzip: boolean; body: Uint8Array },
  env: Record<string, string | undefined>,
  labelKeys: readonly string[],
): Promise<string | null> {
  const decoded = decodeExport(batch.signal as Signal, batch.encoding as Encoding, batch.gzip, batch.body);
  const userKey = env.TURNWISE_OTLP_CONVERSATION_KEY?.trim() || undefined;
  const calls: LlmCallFact[] = [];
  const traces: TraceFact[] = [];
  let rejected: { count: number; first: string | null };
  if (batch.signal === 'traces') {
    const spans = normalizeSpans(decoded);
    rejected = { count: spans.rejected, first: spans.firstError };
    for (const span of spans.records) {
      const { call, trace } = factsOfSpan(span, userKey, labelKeys);
      if (call) calls.push(call);
      if (trace) traces.push(trace);
    }
  } else {
    const logs = normalizeLogs(decoded);
    rejected = { count: logs.rejected, first: logs.firstError };
    calls.push(...factsOfLogs(logs.records));
  }
  await storeTraceFacts(db, traces);
  await storeCallFacts(db, calls);
  await materializeTraces(db, [...calls, ...traces].map((f) => f.traceId));
  return rejected.count ? `${rejected.count} record(s) rejected; first: ${rejected.first}` : null;
}

/**
 * Takes up to `limit` stored batches (oldest first) under a lease, processes each, and marks it
 * processed (with the reason when it could not be decoded: such a batch is kept, not retried).
 * The number processed.
 */
export async function processPendingBatches(db: Db, options: { limit?: number; env?: Record<string, string | undefined> } = {}): Promise<number> {
  const env = options.env ?? process.env;
  const now = new Date();
  const candidates = await db.otlpBatch.findMany({
    where: { processedAt: null, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    orderBy: { receivedAt: 'asc' },
    take: options.limit ?? 20,
    select: { id: true, leaseUntil: true },
  });
  let done = 0;
  const labelKeys = candidates.length ? await labelKeysOf(db) : DEFAULT_LABEL_KEYS;
  for (const candidate of candidates) {
    // The lease is taken by a conditional update: of two workers, one gets it.
    const { count } = await db.otlpBatch.updateMany({
      where: { id: candidate.id, processedAt: null, leaseUntil: candidate.leaseUntil },
      data: { leaseUntil: new Date(Date.now() + LEASE_MS), attempts: { increment: 1 } },
    });
    if (count === 0) continue;
    const batch = await db.otlpBatch.findUniqueOrThrow({ where: { id: candidate.id }, select: { id: true, signal: true, encoding: true, gzip: true, body: true } });
    let error: string | null;
    try {
      error = await processOne(db, batch, env, labelKeys);
    } catch (thrown) {
      error = (thrown as Error).message.slice(0, 1000);
    }
    await db.otlpBatch.update({ where: { id: batch.id }, data: { processedAt: new Date(), leaseUntil: null, error } });
    done += 1;
  }
  return done;
}
