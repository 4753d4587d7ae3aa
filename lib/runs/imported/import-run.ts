import type { Db } from '../../db/db-types';
import { listTurnCounts } from '../../db/queries/conversations/list-turn-counts';
import { createImportedRun } from '../../db/queries/runs/create-imported-run';
import { deleteRun } from '../../db/queries/runs/delete-run';
import { insertResults } from '../../db/queries/runs/insert-results';
import type { ResultToSave } from '../../db/queries/runs/save-results';
import type { MetricResult } from '../../domain';
import type { ImportedDetails } from '../../domain/imported-result';
import { AppError } from '../../errors';
import { oneVerdictPerTurn } from '../aggregates/turn-verdict-rows';
import { closeRun, type ClosedRun } from '../lifecycle/close-run';

/** A run whose scores another tool computed (deepeval, Langfuse, …), on a dataset already stored. */
export interface ImportedRun {
  /** The id to give it, when a client was told one before the run was stored. */
  id?: string;
  /** Its dataset's project. */
  projectId: string;
  datasetId: string;
  /** The tool that scored it: 'deepeval'. */
  origin: string;
  /** Its judge as every page shows it: "deepeval (gpt-4o)". */
  judgeLabel: string;
  /** The model version under test, as the tool names it (deepeval's identifier). */
  modelVersion?: string | null;
  /** The parameters the tool says it ran with (deepeval's hyperparameters). */
  parameters?: Record<string, unknown> | null;
  /** Every metric of the run with the threshold and strict mode the tool used, and anything else to keep in its settings. */
  metrics: Record<string, { threshold: number; strictMode: boolean } & Record<string, unknown>>;
  /** How many conversation × metric results it holds (its progress total). */
  totalResults: number;
}

/**
 * One conversation × metric result as the tool gave it: a metric result's own fields (a null
 * score when it errored; per-turn verdicts with 0-based turns, empty when the tool gave none and
 * details.turnVerdicts says why), its tokens and cost, and what the tool said of it.
 */
export type ImportedResult = Pick<MetricResult, 'metric' | 'score' | 'success' | 'threshold' | 'strictMode' | 'reason' | 'error' | 'verdicts'> & {
  conversationId: string;
  usage?: { promptTokens?: number; completionTokens?: number; costUsd?: number };
  details: ImportedDetails;
};

/** Results written per transaction: SQLite's one writer is held that long, and the pages wait behind it. */
const RESULTS_PER_TRANSACTION = 100;

const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

const nonNegative = (n: number | undefined) => (n !== undefined && Number.isFinite(n) && n > 0 ? n : 0);

/** A result as the run's close path reads it: the tool's numbers, no judge call of Turnwise's. */
function metricResultOf(result: ImportedResult, turnsWithVerdicts: number): MetricResult {
  const { turnVerdicts } = result.details;
  return {
    metric: result.metric,
    score: result.score,
    success: result.success,
    threshold: result.threshold,
    strictMode: result.strictMode,
    reason: result.reason,
    error: result.error,
    verdicts: result.verdicts,
    warnings: [],
    steps: { imported: turnVerdicts.found ? { ...result.details, turnVerdicts: { ...turnVerdicts, turns: turnsWithVerdicts } } : result.details },
    calls: [],
    usage: {
      calls: 0,
      cacheHits: 0,
      promptTokens: Math.round(nonNegative(result.usage?.promptTokens)),
      completionTokens: Math.round(nonNegative(result.usage?.completionTokens)),
      costUsd: nonNegative(result.usage?.costUsd),
    },
  };
}

function checkResult(run: ImportedRun, result: ImportedResult, turnCount: number | undefined): void {
  const where = `result ${result.metric} of conversation ${result.conversationId}`;
  if (turnCount === undefined) throw new AppError('INTERNAL', `Imported ${where}: the conversation is not in dataset ${run.datasetId}`);
  if (!(result.metric in run.metrics)) throw new AppError('INTERNAL', `Imported ${where}: the metric is not among the run's (${Object.keys(run.metrics).join(', ')})`);
  if (result.score !== null && !Number.isFinite(result.score)) throw new AppError('INTERNAL', `Imported ${where}: the score is not a number`);
  for (const v of result.verdicts) {
    if (!Number.isInteger(v.turn) || v.turn < 0 || v.turn >= turnCount) {
      throw new AppError('INTERNAL', `Imported ${where}: a verdict names turn index ${v.turn}; the conversation has ${turnCount} turns`);
    }
  }
}

async function* inBatches(results: Iterable<ImportedResult[]> | AsyncIterable<ImportedResult[]>): AsyncGenerator<ImportedResult[]> {
  for await (const batch of results) {
    for (let i = 0; i < batch.length; i += RESULTS_PER_TRANSACTION) yield batch.slice(i, i + RESULTS_PER_TRANSACTION);
  }
}

/**
 * Stores a run whose scores another tool computed, then closes it through the one close path
 * (lib/runs/lifecycle/close-run.ts: summary, score distribution, score vector), so that every
 * page, comparison, trend, export and the CLI/API gate treat it as any run. Results go in short
 * transactions; until the close the run says it is being stored, and if anything fails (a
 * result that names a conversation, metric or turn the run does not have, the database) the
 * run is removed and the error thrown: nothing half-stored remains.
 */
export async function importRun(
  db: Db,
  run: ImportedRun,
  results: Iterable<ImportedResult[]> | AsyncIterable<ImportedResult[]>,
): Promise<ClosedRun & { runId: string }> {
  const metricSettings = Object.fromEntries(Object.entries(run.metrics).map(([name, settings]) => [name, { ...settings }]));
  const { id } = await createImportedRun(db, {
    id: run.id,
    projectId: run.projectId,
    datasetId: run.datasetId,
    origin: run.origin,
    judgeLabel: run.judgeLabel,
    modelVersion: run.modelVersion ?? null,
    parameters: run.parameters ?? null,
    metricSettings,
    totalItems: run.totalResults,
    storingNote: `Imported from ${run.origin}: being stored. If this stays, the import stopped before every result was stored; send the run again.`,
  });
  try {
    for await (const batch of inBatches(results)) {
      const turnCounts = await listTurnCounts(db, run.datasetId, [...new Set(batch.map((r) => r.conversationId))]);
      const items: ResultToSave[] = batch.map((result) => {
        checkResult(run, result, turnCounts.get(result.conversationId));
        const perTurn = oneVerdictPerTurn(result.verdicts);
        return { conversationId: result.conversationId, result: metricResultOf(result, perTurn.length), turnVerdicts: perTurn };
      });
      await insertResults(db, id, items);
      await letOthersRun();
    }
    const closed = await closeRun(db, id, {});
    return { ...closed, runId: id };
  } catch (error) {
    await deleteRun(db, id).catch((cleanup: Error) => console.error(`imported run ${id}: could not remove it after a failure: ${cleanup.message}`));
    throw error;
  }
}
