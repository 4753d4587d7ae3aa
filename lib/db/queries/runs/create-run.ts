import { currentOwnerId } from '../../../identity/acting-principal';
import type { Db } from '../db-types';

export interface CreateRunInput {
  datasetId: string;
  modelVersion?: string | null;
  judgeKind: string;
  judgeName?: string | null;
  judgeModel: string;
  metricSettings: Record<string, Record<string, unknown>>;
  concurrency: number;
  totalItems: number;
  status?: 'queued' | 'running';
  /** A run created running is held by this worker until its lease passes (see claimRun). */
  lease?: { workerId: string; leaseUntil: Date };
}

export async function createRun(db: Db, input: CreateRunInput): Promise<{ id: string }> {
  return db.run.create({
    data: {
      datasetId: input.datasetId,
      modelVersion: input.modelVersion ?? null,
      judgeKind: input.judgeKind,
      judgeName: input.judgeName ?? null,
      judgeModel: input.judgeModel,
      metricSettings: input.metricSettings as object,
      concurrency: input.concurrency,
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
