import type { ScoredConversation } from '../../datasets/imported-scores';
import type { Db } from '../../db/db-types';
import { listConversationIds } from '../../db/queries/datasets/count-conversations';
import { AppError } from '../../errors';
import { importRun } from '../../runs/imported/import-run';
import { importedResults } from './imported-results';

/** Results handed to the run per batch (it writes them in transactions of its own size). */
const BATCH = 1_000;

export interface StoredScores {
  runId: string;
  /** The tool that scored them, as the run names its judge. */
  origin: string;
  metrics: string[];
  results: number;
}

/**
 * The scores a file gave its conversations, stored as a run that tool scored on the dataset just
 * written (through lib/runs' front door for imports, closed like any run, so compare and trends
 * read it). `conversations` are the file's in stored order; the run fails whole or not at all.
 */
export async function storeImportedScores(
  db: Db,
  input: { datasetId: string; scored: ScoredConversation[]; modelVersion?: string; parameters?: Record<string, unknown> },
): Promise<StoredScores | null> {
  if (input.scored.length === 0) return null;
  const ids = (await listConversationIds(db, input.datasetId)).map((c) => c.id);
  const last = input.scored[input.scored.length - 1].position;
  if (last >= ids.length) throw new AppError('INTERNAL', `Scores name conversation ${last + 1} of a dataset that holds ${ids.length}`);
  const { metrics, results } = importedResults(input.scored, ids);
  const origin = input.scored[0].scores[0].origin;
  const batches = function* () {
    for (let i = 0; i < results.length; i += BATCH) yield results.slice(i, i + BATCH);
  };
  const run = await importRun(
    db,
    { datasetId: input.datasetId, origin, judgeLabel: origin, modelVersion: input.modelVersion ?? null, parameters: input.parameters ?? null, metrics, totalResults: results.length },
    batches(),
  );
  return { runId: run.runId, origin, metrics: Object.keys(metrics), results: results.length };
}
