import type { RunVectorRow } from '../db/queries/compare/save-run-vector';
import type { VectorConversation, VectorResult } from '../db/queries/compare/list-run-vector-source';
import { sortMetricNames } from '../metrics/registry';
import type { RunMetricStats } from '../domain/run-metric-stats';
import { bootstrapMeanInterval, DEFAULT_SEED, type BootstrapOptions } from './bootstrap';
import { numberRepeatedKeys } from './match-keys';
import { deriveSeed } from './random';

/** What one run's result for one conversation and metric came to. */
export const OUTCOME = { none: 0, failed: 1, passed: 2, errored: 3 } as const;

/**
 * A run's scores by conversation, in the dataset's position order: one block of `size`
 * values per metric. This is what comparisons and trends compute from; it is stored once a
 * run is finished (RunScoreVector) and decoded back into this shape.
 */
export interface RunVector {
  runId: string;
  metrics: string[];
  size: number;
  /** Numbered match keys (see numberRepeatedKeys). */
  keys: string[];
  conversationIds: string[];
  /** metrics.length × size scores; NaN where there is none (no result or an error). */
  scores: Float64Array;
  /** metrics.length × size OUTCOME codes. */
  outcomes: Uint8Array;
  stats: Record<string, RunMetricStats>;
}

/** Metrics in the order they are listed everywhere else, unknown ones after, by name. */
export const sortMetrics = sortMetricNames;

/** The seed of a run's mean interval: by metric only, so that equal scores give equal intervals. */
export const runMeanSeed = (seed: number, metric: string): number => deriveSeed(seed, 'run-mean', metric);

/** Builds a run's vector from its dataset's conversations (in position order) and its results. */
export function buildRunVector(
  runId: string,
  conversations: readonly VectorConversation[],
  results: Iterable<VectorResult>,
  options: BootstrapOptions = {},
): RunVector {
  const size = conversations.length;
  const positionOf = new Map<string, number>();
  conversations.forEach((c, i) => positionOf.set(c.id, i));
  const rows = [...results];
  const metrics = sortMetrics(rows.map((r) => r.metric));
  const metricIndex = new Map(metrics.map((m, i) => [m, i]));
  const scores = new Float64Array(metrics.length * size).fill(Number.NaN);
  const outcomes = new Uint8Array(metrics.length * size);
  for (const r of rows) {
    const position = positionOf.get(r.conversationId);
    if (position === undefined) continue;
    const at = metricIndex.get(r.metric)! * size + position;
    if (r.errored || r.score === null) outcomes[at] = OUTCOME.errored;
    else {
      scores[at] = r.score;
      outcomes[at] = r.success ? OUTCOME.passed : OUTCOME.failed;
    }
  }
  const stats: Record<string, RunMetricStats> = {};
  metrics.forEach((metric, m) => {
    stats[metric] = metricStats(scores.subarray(m * size, (m + 1) * size), outcomes.subarray(m * size, (m + 1) * size), {
      ...options,
      seed: runMeanSeed(options.seed ?? DEFAULT_SEED, metric),
    });
  });
  return {
    runId,
    metrics,
    size,
    keys: numberRepeatedKeys(conversations.map((c) => c.matchKey)),
    conversationIds: conversations.map((c) => c.id),
    scores,
    outcomes,
    stats,
  };
}

/** A metric's aggregates over one run with the bootstrap interval of its mean. */
export function metricStats(scores: Float64Array, outcomes: Uint8Array, options: BootstrapOptions): RunMetricStats {
  let count = 0;
  let errors = 0;
  let passed = 0;
  const scored: number[] = [];
  for (let i = 0; i < outcomes.length; i++) {
    const o = outcomes[i];
    if (o === OUTCOME.none) continue;
    count += 1;
    if (o === OUTCOME.errored) errors += 1;
    else {
      scored.push(scores[i]);
      if (o === OUTCOME.passed) passed += 1;
    }
  }
  const interval = bootstrapMeanInterval(scored, options);
  return {
    mean: interval.mean,
    low: interval.low,
    high: interval.high,
    passRate: scored.length ? passed / scored.length : null,
    count,
    scored: scored.length,
    errors,
  };
}

/** The vector as the columns of a RunScoreVector row. */
export function encodeRunVector(vector: RunVector): RunVectorRow {
  const bytes = new Uint8Array(vector.scores.length * 8);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < vector.scores.length; i++) view.setFloat64(i * 8, vector.scores[i], true);
  return {
    metrics: vector.metrics,
    size: vector.size,
    keys: JSON.stringify(vector.keys),
    conversationIds: JSON.stringify(vector.conversationIds),
    scores: bytes,
    outcomes: Uint8Array.from(vector.outcomes),
    stats: vector.stats,
  };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Back from a RunScoreVector row. */
export function decodeRunVector(row: {
  runId: string;
  metrics: unknown;
  size: number;
  keys: string;
  conversationIds: string;
  scores: Uint8Array;
  outcomes: Uint8Array;
  stats: unknown;
}): RunVector {
  const count = row.scores.byteLength / 8;
  let scores: Float64Array;
  if (LITTLE_ENDIAN) {
    // A copy: the driver's buffer may start at an offset that is not a multiple of 8.
    scores = new Float64Array(Uint8Array.prototype.slice.call(row.scores).buffer, 0, count);
  } else {
    const view = new DataView(row.scores.buffer, row.scores.byteOffset, row.scores.byteLength);
    scores = Float64Array.from({ length: count }, (_, i) => view.getFloat64(i * 8, true));
  }
  return {
    runId: row.runId,
    metrics: row.metrics as string[],
    size: row.size,
    keys: JSON.parse(row.keys) as string[],
    conversationIds: JSON.parse(row.conversationIds) as string[],
    scores,
    outcomes: Uint8Array.prototype.slice.call(row.outcomes),
    stats: row.stats as Record<string, RunMetricStats>,
  };
}

/** One metric's block of a vector, or null when the run has no result for that metric. */
export function metricColumn(vector: RunVector, metric: string): { scores: Float64Array; outcomes: Uint8Array } | null {
  const m = vector.metrics.indexOf(metric);
  if (m === -1) return null;
  return {
    scores: vector.scores.subarray(m * vector.size, (m + 1) * vector.size),
    outcomes: vector.outcomes.subarray(m * vector.size, (m + 1) * vector.size),
  };
}
