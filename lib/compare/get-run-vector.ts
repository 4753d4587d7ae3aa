import type { Db } from '../db/db-types';
import { getStoredRunVector } from '../db/queries/compare/get-stored-run-vector';
import { listRunVectorSource } from '../db/queries/compare/list-run-vector-source';
import { saveRunVector } from '../db/queries/compare/save-run-vector';
import { processLru } from './lru';
import { buildRunVector, decodeRunVector, encodeRunVector, type RunVector } from './run-vector';

/** Statuses after which a run's results no longer change. */
export const FINISHED_STATUSES = new Set(['completed', 'completed_with_errors', 'failed', 'cancelled']);

export interface VectorRun {
  id: string;
  datasetId: string;
  status: string;
  finishedAt: Date | null;
}

export const isFinished = (run: { status: string; finishedAt: Date | null }): run is { status: string; finishedAt: Date } =>
  FINISHED_STATUSES.has(run.status) && run.finishedAt !== null;

const vectors = processLru<RunVector>('run-vectors', 8);
const building = new Map<string, Promise<RunVector>>();

const cacheKey = (run: VectorRun) => `${run.id}@${run.finishedAt?.getTime() ?? 'live'}`;

/**
 * A run's score vector. A finished run's is read from RunScoreVector, or built from its
 * results and stored there the first time (and kept in memory); a run still going is built
 * from its results every time and never stored.
 */
export async function getRunVector(db: Db, run: VectorRun): Promise<RunVector> {
  if (!isFinished(run)) {
    const source = await listRunVectorSource(db, run);
    return buildRunVector(run.id, source.conversations, source.results);
  }
  const key = cacheKey(run);
  const cached = vectors.get(key);
  if (cached) return cached;
  let pending = building.get(key);
  if (!pending) {
    pending = loadOrBuild(db, run).finally(() => building.delete(key));
    building.set(key, pending);
  }
  const vector = await pending;
  vectors.set(key, vector);
  return vector;
}

async function loadOrBuild(db: Db, run: VectorRun & { finishedAt: Date }): Promise<RunVector> {
  const stored = await getStoredRunVector(db, run.id);
  if (stored && stored.runFinishedAt.getTime() === run.finishedAt.getTime()) return decodeRunVector(stored);
  const source = await listRunVectorSource(db, run);
  const vector = buildRunVector(run.id, source.conversations, source.results);
  await saveRunVector(db, vector.runId, encodeRunVector(vector), run.finishedAt);
  return vector;
}

/**
 * Builds and stores a finished run's vector now (e.g. when the run ends), so that the first
 * comparison or trend that includes it does not pay for it. Does nothing for a running run.
 */
export async function refreshRunVector(db: Db, run: VectorRun): Promise<void> {
  if (!isFinished(run)) return;
  const source = await listRunVectorSource(db, run);
  const vector = buildRunVector(run.id, source.conversations, source.results);
  await saveRunVector(db, vector.runId, encodeRunVector(vector), run.finishedAt);
  vectors.set(cacheKey(run), vector);
}
