/** Bytes a request body may carry as sent (compressed when gzip), counted while it arrives. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bytes a gzip body may inflate to before the worker refuses it. */
export const MAX_INFLATED_BYTES = 32 * 1024 * 1024;
/** Stored batches not yet processed beyond which a request is answered 429 with Retry-After. */
export const DEFAULT_MAX_PENDING_BATCHES = 500;
export const RETRY_AFTER_S = 5;
/** Characters of one message kept: text from outside is cut before anything parses it. */
export const MAX_TEXT_CHARS = 100_000;

/** TURNWISE_OTLP_MAX_PENDING, else the default. */
export function maxPendingBatches(env: Record<string, string | undefined>): number {
  const n = Number(env.TURNWISE_OTLP_MAX_PENDING);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_MAX_PENDING_BATCHES;
}

/** How long a received body waits for SQLite's write lock before the receiver answers 503 with Retry-After (below an exporter's 10 s timeout). */
export const DEFAULT_LOCK_WAIT_MS = 5_000;

/** TURNWISE_OTLP_LOCK_WAIT_MS, else the default. */
export function lockWaitMs(env: Record<string, string | undefined>): number {
  const n = Number(env.TURNWISE_OTLP_LOCK_WAIT_MS);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_LOCK_WAIT_MS;
}
