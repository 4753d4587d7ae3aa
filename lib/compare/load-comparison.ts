import type { Db } from '../db/db-types';
import { getComparedRuns, type ComparedRun } from '../db/queries/compare/get-compared-runs';
import { AppError } from '../errors';
import { DEFAULT_LEVEL, DEFAULT_RESAMPLES, DEFAULT_SEED, type BootstrapOptions } from './bootstrap';
import { compareVectors, type VectorComparison } from './compare-vectors';
import { ConversationTable } from './conversation-table';
import { getRunVector, isFinished } from './get-run-vector';
import { processLru } from './lru';
import { mixedMetricVersions, type MixedVersions } from './metric-versions';
import type { RunVector } from './run-vector';

export interface LoadedComparison {
  /** Baseline first, then the candidates in the order given. */
  runs: ComparedRun[];
  vectors: RunVector[];
  comparison: VectorComparison;
  table: ConversationTable;
  method: Required<BootstrapOptions>;
  /** Custom metrics whose definition differs between the baseline and a candidate. */
  mixedVersions: MixedVersions[];
}

const comparisons = processLru<LoadedComparison>('comparisons', 6);
const computing = new Map<string, Promise<LoadedComparison>>();

/** The candidate ids without repeats and without the baseline; none left is bad input. */
export function candidateList(baselineId: string, candidateIds: readonly string[]): string[] {
  const ids = [...new Set(candidateIds.filter((id) => id && id !== baselineId))];
  if (!baselineId) throw new AppError('BAD_INPUT', 'a baseline run is required', { field: 'baseline' });
  if (ids.length === 0) throw new AppError('BAD_INPUT', 'pick at least one run to compare with the baseline', { field: 'candidate' });
  return ids;
}

/**
 * Everything a comparison shows: the runs, their vectors, the per-metric summary and the
 * matched-conversation table. Kept in memory when every run is finished (it cannot change).
 */
export async function loadComparison(db: Db, projectId: string, baselineId: string, candidateIds: readonly string[], options: BootstrapOptions = {}): Promise<LoadedComparison> {
  const ids = [baselineId, ...candidateList(baselineId, candidateIds)];
  const runs = await getComparedRuns(db, projectId, ids);
  const method = { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: options.seed ?? DEFAULT_SEED, level: options.level ?? DEFAULT_LEVEL };
  const cacheable = runs.every(isFinished);
  const key = `${runs.map((r) => `${r.id}@${r.finishedAt?.getTime()}`).join(',')}|${method.resamples}|${method.seed}|${method.level}`;
  if (!cacheable) return compute(db, runs, method);
  const cached = comparisons.get(key);
  if (cached) return cached;
  // The page's panels ask at once: the first computes, the others wait for it.
  let pending = computing.get(key);
  if (!pending) {
    pending = compute(db, runs, method).finally(() => computing.delete(key));
    computing.set(key, pending);
  }
  const loaded = await pending;
  comparisons.set(key, loaded);
  return loaded;
}

async function compute(db: Db, runs: ComparedRun[], method: Required<BootstrapOptions>): Promise<LoadedComparison> {
  const vectors: RunVector[] = [];
  // One at a time: a large run's vector is a lot of rows to read if it is not stored yet.
  for (const run of runs) vectors.push(await getRunVector(db, run));
  const comparison = compareVectors(vectors[0], vectors.slice(1), method);
  const mixedVersions = mixedMetricVersions(runs, (i) => `run ${runs[i].modelVersion ?? runs[i].id}`);
  return { runs, vectors, comparison, table: new ConversationTable(vectors, comparison.keyMatch), method, mixedVersions };
}
