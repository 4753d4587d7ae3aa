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
  /** The tool that scored them, as the run's origin names it ('langfuse'; 'langfuse+opik' for a folder of both). */
  origin: string;
  metrics: string[];
  results: number;
}

/** Characters of the run's judge label. */
const JUDGE_LABEL_CHARS = 200;

/**
 * The scores a file gave its conversations, stored as a run that tool scored on the dataset just
 * written (through lib/runs' front door for imports, closed like any run, so compare and trends
 * read it), its judge the tool and the score names they came from ("Langfuse: helpfulness,
 * correct"). `scored` name the conversations by their stored position; the run fails whole or not at all.
 */
export async function storeImportedScores(
  db: Db,
  input: { projectId: string; datasetId: string; scored: ScoredConversation[]; modelVersion?: string; parameters?: Record<string, unknown> },
): Promise<StoredScores | null> {
  if (input.scored.length === 0) return null;
  const ids = (await listConversationIds(db, input.datasetId)).map((c) => c.id);
  const last = input.scored[input.scored.length - 1].position;
  if (last >= ids.length) throw new AppError('INTERNAL', `Scores name conversation ${last + 1} of a dataset that holds ${ids.length}`);
  const { metrics, results, sources } = importedResults(input.scored, ids);
  const tools = [...new Set(sources.map((m) => m.tool))];
  const origin = tools.map((t) => t.toLowerCase()).join('+');
  const label = tools.map((tool) => `${tool}: ${sources.filter((m) => m.tool === tool).map((m) => m.sourceName).join(', ')}`).join('; ');
  const judgeLabel = label.length > JUDGE_LABEL_CHARS ? `${label.slice(0, JUDGE_LABEL_CHARS - 1)}…` : label;
  const batches = function* () {
    for (let i = 0; i < results.length; i += BATCH) yield results.slice(i, i + BATCH);
  };
  const run = await importRun(
    db,
    { projectId: input.projectId, datasetId: input.datasetId, origin, judgeLabel, modelVersion: input.modelVersion ?? null, parameters: input.parameters ?? null, metrics, totalResults: results.length },
    batches(),
  );
  return { runId: run.runId, origin, metrics: Object.keys(metrics), results: results.length };
}
