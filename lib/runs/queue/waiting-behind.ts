import type { Db } from '../../db/db-types';
import { listRunQueue } from '../../db/queries/runs/list-run-queue';
import type { WaitingBehind } from '../../domain/run-progress';
import { waitingBehindOf } from '../../jobs/waiting-behind';

/**
 * For each queued run among these: what it waits behind — the runs workers are scoring now and
 * the queued runs a worker takes first (oldest first). Nothing is read when none is queued.
 */
export async function waitingBehind(db: Db, runs: readonly { id: string; status: string }[]): Promise<Map<string, WaitingBehind>> {
  const queuedIds = runs.filter((r) => r.status === 'queued').map((r) => r.id);
  if (queuedIds.length === 0) return new Map();
  const queue = await listRunQueue(db);
  const running = queue.running.map((r) => ({ id: r.id, label: `${r.modelVersion ?? 'no model version'} on ${r.datasetName}`, done: r.doneItems, total: r.totalItems }));
  return waitingBehindOf({ running, runningCount: queue.runningCount, queued: queue.queued }, queuedIds);
}
