import { currentOwnerId } from '../../../identity/acting-principal';
import { IMPORTED_JUDGE_KIND } from '../../../domain/imported-result';
import type { Db } from '../../db-types';

export interface CreateImportedRunInput {
  /** The id to give the run (a client may have been told it before the run was stored). */
  id?: string;
  /** Its dataset's project. */
  projectId: string;
  datasetId: string;
  origin: string;
  /** The judge as the run shows it: "deepeval (gpt-4o)". */
  judgeLabel: string;
  modelVersion: string | null;
  parameters: Record<string, unknown> | null;
  metricSettings: Record<string, Record<string, unknown>>;
  totalItems: number;
  /** What the run says until it is closed: if the import stops half-way, this stays as its error. */
  storingNote: string;
}

/**
 * The row of a run whose scores another tool computed. It is created ended (failed, with a note
 * that it is being stored) so that no worker ever takes it to score, and closeRun gives it its
 * real status once every result is stored: an import that stopped half-way says so.
 */
export async function createImportedRun(db: Db, input: CreateImportedRunInput): Promise<{ id: string }> {
  return db.run.create({
    data: {
      ...(input.id ? { id: input.id } : {}),
      projectId: input.projectId,
      datasetId: input.datasetId,
      origin: input.origin,
      judgeKind: IMPORTED_JUDGE_KIND,
      judgeName: null,
      judgeModel: input.judgeLabel,
      modelVersion: input.modelVersion,
      parameters: input.parameters === null ? undefined : (input.parameters as object),
      metricSettings: input.metricSettings as object,
      concurrency: 1,
      totalItems: input.totalItems,
      status: 'failed',
      error: input.storingNote,
      startedAt: new Date(),
      createdById: currentOwnerId(),
    },
    select: { id: true },
  });
}
