import type { Db } from '../db/db-types';
import { listVersionAttributes } from '../db/queries/ingest/list-label-keys';
import { leasePendingBatches, markBatchesProcessed } from '../db/queries/ingest/otlp-batches';
import { DEFAULT_LABEL_KEYS, factsOfLogs, factsOfSpan, type LlmCallFact, type TraceFact } from './extract-facts';
import { materializeTraces } from './materialize';
import { normalizeLogs, normalizeSpans } from './normalize';
import { decodeExport, type Encoding, type Signal } from './otlp-codec';
import { storeFacts } from './store-facts';

const LEASE_MS = 60_000;
/** How long the label keys online rules name are kept before they are read again. */
const LABEL_KEYS_TTL_MS = 15_000;

const labelKeysCache = new WeakMap<Db, { at: number; keys: string[] }>();

/** The attributes kept as labels: the common ones and those online rules take their model version from (read at most every LABEL_KEYS_TTL_MS). */
async function labelKeysOf(db: Db): Promise<string[]> {
  const cached = labelKeysCache.get(db);
  if (cached && Date.now() - cached.at < LABEL_KEYS_TTL_MS) return cached.keys;
  const keys = [...new Set([...DEFAULT_LABEL_KEYS, ...(await listVersionAttributes(db))])];
  labelKeysCache.set(db, { at: Date.now(), keys });
  return keys;
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
  const batches = await leasePendingBatches(db, options.limit ?? 20, LEASE_MS);
  if (!batches.length) return 0;
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
    await storeFacts(db, facts.calls, facts.traces);
    await materializeTraces(db, [...facts.calls, ...facts.traces].map((f) => f.traceId));
  } catch (thrown) {
    const message = (thrown as Error).message.slice(0, 1000);
    for (const [id, error] of errors) if (error === null) errors.set(id, message);
  }
  await markBatchesProcessed(db, errors, new Date());
  return batches.length;
}
