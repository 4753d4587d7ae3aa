import { currentOwnerId } from '../../../identity/acting-principal';
import type { Db } from '../../db-types';

export interface CreateRunInput {
  /** Its dataset's project. */
  projectId: string;
  datasetId: string;
  modelVersion?: string | null;
  judgeKind: string;
  judgeName?: string | null;
  judgeModel: string;
  metricSettings: Record<string, Record<string, unknown>>;
  concurrency: number;
  /** Times each item is measured (judge noise); 1 by default. */
  samples?: number;
  temperature?: number | null;
  totalItems: number;
  status?: 'queued' | 'running';
  /** A run created running is held by this worker until its lease passes (see claimRun). */
  lease?: { workerId: string; leaseUntil: Date };
}

export async function createRun(db: Db, input: CreateRunInput): Promise<{ id: string }> {
  return db.run.create({
    data: {
      projectId: input.projectId,
      datasetId: input.datasetId,
      modelVersion: input.modelVersion ?? null,
      judgeKind: input.judgeKind,
      judgeName: input.judgeName ?? null,
      judgeModel: input.judgeModel,
      metricSettings: input.metricSettings as object,
      concurrency: input.concurrency,
      samples: input.samples ?? 1,
      temperature: input.temperature ?? null,
      totalItems: input.totalItems,
      status: input.status ?? 'queued',
      startedAt: input.status === 'running' ? new Date() : null,
      workerId: input.lease?.workerId ?? null,
      leaseUntil: input.lease?.leaseUntil ?? null,
      createdById: currentOwnerId(),
    },
    select: { id: true },
  });
}
