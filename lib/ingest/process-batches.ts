import { onIngestFailed } from '../alerts';
import type { Db } from '../db/db-types';
import { listVersionAttributes } from '../db/queries/ingest/list-label-keys';
import { deleteBatches, leasePendingBatches, markBatchesProcessed, releaseBatches } from '../db/queries/ingest/otlp-batches';
import { isPassingDbError } from '../db/passing-error';
import { LiveCountsMoved } from '../db/queries/ingest/live-conversations';
import { isUniqueViolation } from '../db/unique-violation';
import { DEFAULT_LABEL_KEYS, factsOfLogs, factsOfSpan, type LlmCallFact, type TraceFact } from './extract-facts';
import { materializeTraces } from './materialize';
import { normalizeLogs, normalizeSpans } from './normalize';
import { decodeExport, type Encoding, type Signal } from './otlp-codec';
import { storeFacts } from './store-facts';

const LEASE_MS = 60_000;
/** Leases after which a batch whose slice still fails for a passing reason is marked failed. */
const MAX_ATTEMPTS = 5;
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

/** Decodes one stored batch into facts; the rejected records' count and first reason, or null. `services` gets the services its records came from. */
function factsOfBatch(
  batch: { signal: string; encoding: string; gzip: boolean; body: Uint8Array },
  userKey: string | undefined,
  labelKeys: readonly string[],
  into: Facts,
  services: Set<string>,
): string | null {
  const before = { calls: into.calls.length, traces: into.traces.length };
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
  for (const fact of [...into.calls.slice(before.calls), ...into.traces.slice(before.traces)]) if (fact.service) services.add(fact.service);
  return rejected.count ? `${rejected.count} record(s) rejected; first: ${rejected.first}` : null;
}

/** A leased slice whose facts are stored, waiting to be turned into conversations and marked. */
interface StoredSlice {
  /** Each batch's outcome so far: null, or why it could not be used. */
  errors: Map<string, string | null>;
  /** Leases taken of each batch of the slice, this one included. */
  attempts: Map<string, number>;
  /** The traces whose facts were stored, by project: a project's facts and conversations never meet another's. */
  traceIds: Map<string, string[]>;
  /** Why the slice failed for a passing reason (the database busy or out of reach): it is handed back, not marked. */
  retry?: string;
  /** Batches that carried records of a service whose personal data is redacted: their bodies go once processed. */
  redacted: string[];
  /** The services whose records each batch carried: their live datasets' retention keeps its body. */
  services: Map<string, Set<string>>;
  /** The project of each batch (its key's). */
  projectOf: Map<string, string>;
  env: Record<string, string | undefined>;
}

const messageOf = (thrown: unknown) => (thrown as Error).message.slice(0, 1000);

/** Fails the batches not failed yet with `message`. */
function failRest(errors: Map<string, string | null>, message: string): void {
  for (const [id, error] of errors) if (error === null) errors.set(id, message);
}

/**
 * A failure of a slice's database work: passing ones are tried again, others fail the batches not
 * failed yet. Other workers writing the same live dataset all along (its counts moved, or a
 * position taken, through every attempt) is passing too.
 */
function failed(slice: StoredSlice, thrown: unknown): void {
  if (isPassingDbError(thrown) || thrown instanceof LiveCountsMoved || isUniqueViolation(thrown)) slice.retry = messageOf(thrown);
  else failRest(slice.errors, messageOf(thrown));
}

/** Leases up to `limit` stored batches (oldest first), decodes each and stores the merged facts of all of them; null when none waits. */
async function storeSlice(db: Db, limit: number, userKey: string | undefined, env: Record<string, string | undefined>): Promise<StoredSlice | null> {
  const batches = await leasePendingBatches(db, limit, LEASE_MS);
  if (!batches.length) return null;
  const labelKeys = await labelKeysOf(db);
  const slice: StoredSlice = { errors: new Map(), attempts: new Map(batches.map((b) => [b.id, b.attempts])), traceIds: new Map(), redacted: [], services: new Map(), projectOf: new Map(batches.map((b) => [b.id, b.projectId])), env };
  const projects = new Map<string, { facts: Facts; servicesOf: Map<string, Set<string>> }>();
  for (const batch of batches) {
    // One batch's decoding at a time on the event loop: the previous slice's open transaction goes on in between.
    await new Promise((resolve) => setImmediate(resolve));
    const project = projects.get(batch.projectId) ?? { facts: { calls: [], traces: [] }, servicesOf: new Map() };
    projects.set(batch.projectId, project);
    const services = new Set<string>();
    project.servicesOf.set(batch.id, services);
    slice.services.set(batch.id, services);
    try {
      slice.errors.set(batch.id, factsOfBatch(batch, userKey, labelKeys, project.facts, services));
    } catch (thrown) {
      slice.errors.set(batch.id, messageOf(thrown));
    }
  }
  try {
    for (const [projectId, { facts, servicesOf }] of projects) {
      const redacting = await storeFacts(db, projectId, facts.calls, facts.traces, env);
      slice.traceIds.set(projectId, [...facts.calls, ...facts.traces].map((f) => f.traceId));
      slice.redacted.push(...[...servicesOf].filter(([, services]) => [...services].some((s) => redacting.has(s))).map(([id]) => id));
    }
  } catch (thrown) {
    failed(slice, thrown);
  }
  return slice;
}

/**
 * Rewrites the conversations a stored slice touches, then marks its batches processed (with the
 * reason for those that failed). A slice that failed for a passing reason is handed back to be
 * taken again, its batches marked failed only after MAX_ATTEMPTS leases.
 */
async function finishSlice(db: Db, slice: StoredSlice): Promise<void> {
  if (!slice.retry) {
    try {
      for (const [projectId, traceIds] of slice.traceIds) await materializeTraces(db, projectId, traceIds, slice.env);
    } catch (thrown) {
      failed(slice, thrown);
    }
  }
  if (slice.retry) {
    const spent = [...slice.attempts].filter(([, n]) => n >= MAX_ATTEMPTS).map(([id]) => id);
    // Taken again after 2, 4, 8, 16 s: a database out of reach for half a minute loses nothing.
    const after = 1000 * 2 ** Math.min(...slice.attempts.values());
    await releaseBatches(db, [...slice.attempts.keys()].filter((id) => !spent.includes(id)), new Date(Date.now() + after));
    if (!spent.length) return;
    const outcomes = new Map(spent.map((id) => [id, slice.errors.get(id) ?? `failed ${MAX_ATTEMPTS} times; last: ${slice.retry}`]));
    await markBatchesProcessed(db, outcomes, new Date(), slice.services);
    return tellAlerts(db, outcomes, slice.projectOf);
  }
  await markBatchesProcessed(db, slice.errors, new Date(), slice.services);
  await tellAlerts(db, slice.errors, slice.projectOf);
  // The body as received still holds the personal data its facts no longer do: it is not kept as others are (retention).
  if (slice.redacted.length) await deleteBatches(db, slice.redacted);
}

/** Batches marked failed (kept, not retried): the alert rules on ingest failures of their project are told, once per slice and project. */
async function tellAlerts(db: Db, outcomes: Map<string, string | null>, projectOf: Map<string, string>): Promise<void> {
  const failedBy = new Map<string, string[]>();
  for (const [id, error] of outcomes) {
    if (error === null) continue;
    const projectId = projectOf.get(id) ?? '';
    failedBy.set(projectId, [...(failedBy.get(projectId) ?? []), error]);
  }
  for (const [projectId, failed] of failedBy) await onIngestFailed(db, { projectId, batches: failed.length, error: failed[0] });
}

const userKeyOf = (env: Record<string, string | undefined>) => env.TURNWISE_OTLP_CONVERSATION_KEY?.trim() || undefined;

/**
 * Takes up to `limit` stored batches (oldest first) under a lease, decodes each, merges the facts
 * of all of them and rewrites the conversations they touch once (a backlog costs one rewrite per
 * slice, not per batch), then marks them processed (with the reason when one could not be
 * decoded: such a batch is kept, not retried). The number processed.
 */
export async function processPendingBatches(db: Db, options: { limit?: number; env?: Record<string, string | undefined> } = {}): Promise<number> {
  const env = options.env ?? process.env;
  const slice = await storeSlice(db, options.limit ?? 20, userKeyOf(env), env);
  if (!slice) return 0;
  await finishSlice(db, slice);
  return slice.attempts.size;
}

/**
 * Processes slices of `limit` batches until one comes back short (or `stopped` says so), the next
 * slice's lease, decoding and facts under way while the previous one's conversations are written:
 * the worker's decoding then overlaps the database's writing instead of waiting for it. Slices
 * are still turned into conversations one at a time, in order. The number processed.
 */
export async function drainPendingBatches(db: Db, options: { limit: number; env: Record<string, string | undefined>; stopped: () => boolean }): Promise<number> {
  const userKey = userKeyOf(options.env);
  let processed = 0;
  let next = storeSlice(db, options.limit, userKey, options.env);
  for (;;) {
    const slice = await next;
    if (!slice) return processed;
    const more = slice.attempts.size === options.limit && !slice.retry && !options.stopped();
    next = more ? storeSlice(db, options.limit, userKey, options.env) : Promise.resolve(null);
    // Handled now, so that its failure while this slice is written is not an unhandled rejection; awaited above on the next turn.
    next.catch(() => undefined);
    try {
      await finishSlice(db, slice);
    } catch (error) {
      await next.catch(() => undefined);
      throw error;
    }
    processed += slice.attempts.size;
    if (slice.retry) {
      // The database failed for a passing reason: the slice under way is finished, and the next pass waits for the poll.
      const last = await next;
      if (last) await finishSlice(db, last);
      return processed + (last?.attempts.size ?? 0);
    }
  }
}
