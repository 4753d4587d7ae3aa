import type { Db } from '../../db/db-types';
import { listRunQueue } from '../../db/queries/runs/list-run-queue';
import type { WaitingBehind } from '../../domain/run-progress';
import { waitingBehindOf } from '../../jobs/waiting-behind';

/**
 * For each queued run of a project among these: what it waits behind — the runs workers are
 * scoring now and the queued runs a worker takes first (oldest first), every project's, since the
 * workers are shared; another project's run is counted and shown without its name or id. Nothing
 * is read when none is queued.
 */
export async function waitingBehind(db: Db, projectId: string, runs: readonly { id: string; status: string }[]): Promise<Map<string, WaitingBehind>> {
  const queuedIds = runs.filter((r) => r.status === 'queued').map((r) => r.id);
  if (queuedIds.length === 0) return new Map();
  const queue = await listRunQueue(db);
  const running = queue.running.map((r, i) =>
    r.projectId === projectId
      ? { id: r.id, label: `${r.modelVersion ?? 'no model version'} on ${r.datasetName}`, done: r.doneItems, total: r.totalItems }
      : { id: `other-${i}`, label: 'a run of another project', done: r.doneItems, total: r.totalItems, otherProject: true },
  );
  return waitingBehindOf({ running, runningCount: queue.runningCount, queued: queue.queued }, queuedIds);
}
