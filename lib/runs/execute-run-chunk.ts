import type { Db } from '../db/queries/db-types';
import { listRunConversations } from '../db/queries/runs/list-run-conversations';
import { listStoredItems, storedItemKey } from '../db/queries/runs/list-stored-items';
import { saveResult } from '../db/queries/runs/save-result';
import { notFound } from '../db/queries/not-found';
import type { Judge } from '../judge/types';
import { evaluateConversations } from './evaluate-conversations';
import { createRunJudge } from './run-judge';
import { metricSelectionsOf } from './run-request';

/**
 * The judge with a turn of the event loop before every call. The offline judge computes
 * synchronously, so an item would otherwise hold the process for its whole pipeline; the
 * app server's worker shares the process with the pages, which then wait for whole items.
 */
function yielding(judge: Judge): Judge {
  return {
    kind: judge.kind,
    model: judge.model,
    usage: () => judge.usage(),
    call: async (request) => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      return judge.call(request);
    },
  };
}

export interface ExecuteChunkOptions {
  db: Db;
  env: Record<string, string | undefined>;
  runId: string;
  /** Conversation positions from (inclusive) to (exclusive); the whole dataset when absent. */
  range?: { from: number; to: number };
  /** Stops taking new items; items already being scored finish and are stored. */
  signal?: AbortSignal;
  /** Replaces the run's configured judge (tests). */
  judge?: Judge;
}

/**
 * Scores the items of one chunk of a run that have no stored result yet, storing each
 * result as soon as it is done. Running it again after a crash scores only what is
 * missing; a judge request asked again comes from the judge cache.
 */
export async function executeRunChunk(options: ExecuteChunkOptions): Promise<{ scored: number }> {
  const { db, runId } = options;
  const run = await db.run.findUnique({
    where: { id: runId },
    select: { datasetId: true, metricSettings: true, judgeKind: true, judgeName: true, judgeModel: true, concurrency: true },
  });
  if (!run) throw notFound('Run', runId);
  const rows = await listRunConversations(db, run.datasetId, options.range);
  if (rows.length === 0) return { scored: 0 };
  const stored = await listStoredItems(db, runId, options.range ? rows.map((r) => r.id) : undefined);
  const judge = yielding(options.judge ?? createRunJudge(db, run, options.env));
  let scored = 0;
  await evaluateConversations({
    conversations: rows.map((r) => r.conversation),
    metrics: metricSelectionsOf(run.metricSettings),
    judge,
    concurrency: run.concurrency,
    signal: options.signal,
    retain: false,
    skip: (item) => stored.has(storedItemKey(rows[item.conversation].id, item.metric)),
    onResult: async (item, result) => {
      if (await saveResult(db, runId, rows[item.conversation].id, result)) scored++;
    },
  });
  return { scored };
}
