import { createHash } from 'node:crypto';
import type { Db } from '../../db/db-types';
import { listConversationIds } from '../../db/queries/datasets/count-conversations';
import { listRunImportCases, listRunImportCaseSummaries } from '../../db/queries/run-imports/list-run-import-cases';
import type { RunImportRow } from '../../db/queries/run-imports/run-import-row';
import { AppError } from '../../errors';
import { requestLimits } from '../../http/limits';
import { importRun, type ImportedResult } from '../../runs/imported/import-run';
import { storeVersion } from '../dataset-versions/store-version';
import { readCase, type CaseMetric, type ReadCase } from './read-case';
import { datasetAliasOf, type TestRunHead } from './run-head';
import { conversationalCaseSchema, singleCaseSchema } from './schema';

/** Held cases read per query while storing: read and checked between two turns of the event loop. */
const PAGE = 50;

const letOthersRun = () => new Promise<void>((resolve) => setImmediate(resolve));

const caseSchemas = () => {
  const limits = requestLimits().conversation;
  return { conversational: conversationalCaseSchema(limits), single: singleCaseSchema(limits) };
};

/** Every held case of the import, conversational ones first, in order, a page at a time. */
async function* heldCases(db: Db, importId: string): AsyncGenerator<ReadCase[]> {
  const schemas = caseSchemas();
  for (const kind of ['conversational', 'single'] as const) {
    let after = -1;
    for (;;) {
      const page = await listRunImportCases(db, importId, kind, { afterPosition: after, take: PAGE });
      if (page.length === 0) break;
      yield page.map((row) => readCase(kind, kind === 'single' ? schemas.single.parse(row.body) : schemas.conversational.parse(row.body)));
      await letOthersRun();
      after = page[page.length - 1].position;
    }
  }
}

/** The judge as the run shows it: deepeval with the evaluation models its metrics used. */
const judgeLabel = (models: Set<string>) => (models.size ? `deepeval (${[...models].sort().join(', ')})` : 'deepeval');

type RunMetrics = Record<string, { threshold: number; strictMode: boolean; windowSize?: number; deepeval: { name: string; evaluationModel?: string } }>;

/**
 * What storing the run needs before it reads the bodies, from what was kept as the cases arrived:
 * the content hash of its conversations in order, its metrics with their settings (a metric's first
 * case decides them), its judge models, and how many results it holds.
 */
async function runSummary(db: Db, importId: string) {
  const hash = createHash('sha256');
  const metrics: RunMetrics = {};
  const models = new Set<string>();
  let conversations = 0;
  let results = 0;
  for (const kind of ['conversational', 'single'] as const) {
    for (const row of await listRunImportCaseSummaries(db, importId, kind)) {
      hash.update(`${row.hash}\n`);
      conversations++;
      for (const m of row.metrics as CaseMetric[]) {
        results++;
        if (m.judge) models.add(m.judge);
        metrics[m.metric] ??= { threshold: m.threshold, strictMode: m.strictMode, ...(m.windowSize !== undefined ? { windowSize: m.windowSize } : {}), deepeval: { name: m.name, ...(m.judge ? { evaluationModel: m.judge } : {}) } };
      }
    }
  }
  return { hash: hash.digest('hex'), conversations, results, metrics, models };
}

/**
 * Stores a test run whose cases have all arrived: its cases become a version of its dataset alias
 * (an identical version is reused, found by the hashes kept as the cases arrived), then its
 * results an imported run with the id its client was given, closed through the run's one close
 * path. Reads the held cases at most twice (dataset, results), a page at a time, so a large run is
 * never held whole.
 */
export async function storeTestRun(db: Db, imported: RunImportRow): Promise<{ runId: string; datasetId: string }> {
  const head = imported.head as TestRunHead;
  const { hash, conversations, results: totalResults, metrics, models } = await runSummary(db, imported.id);
  const alias = datasetAliasOf(head);
  const dataset = await storeVersion(db, {
    projectId: imported.projectId,
    alias,
    source: 'test-run',
    contentHash: hash,
    finalized: true,
    description: `The test cases of deepeval test runs${head.testFile ? ` (${head.testFile})` : ''}: ${conversations.toLocaleString('en-US')} conversations as deepeval evaluated them.`,
    sourceFormat: 'deepeval-test-run',
    conversations: async function* () {
      for await (const page of heldCases(db, imported.id)) yield page.map((c) => c.conversation);
    },
  });
  const ids = (await listConversationIds(db, dataset.datasetId)).map((c) => c.id);
  if (ids.length !== conversations) throw new AppError('INTERNAL', `Dataset ${dataset.datasetId} holds ${ids.length} conversations where the test run has ${conversations}`);
  async function* results(): AsyncGenerator<ImportedResult[]> {
    let position = 0;
    for await (const page of heldCases(db, imported.id)) {
      yield page.flatMap((c) => {
        const conversationId = ids[position++];
        return c.results.map(({ options: _options, ...r }) => ({ ...r, conversationId }));
      });
    }
  }
  const run = await importRun(
    db,
    {
      id: imported.id,
      projectId: imported.projectId,
      datasetId: dataset.datasetId,
      origin: 'deepeval',
      judgeLabel: judgeLabel(models),
      modelVersion: head.identifier ?? null,
      parameters: head.hyperparameters ?? null,
      metrics,
      totalResults,
    },
    results(),
  );
  return { runId: run.runId, datasetId: dataset.datasetId };
}
