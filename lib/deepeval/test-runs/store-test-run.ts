import type { Db } from '../../db/db-types';
import { listConversationIds } from '../../db/queries/datasets/count-conversations';
import { listRunImportCases } from '../../db/queries/run-imports/list-run-import-cases';
import type { RunImportRow } from '../../db/queries/run-imports/run-import-row';
import type { Conversation } from '../../domain';
import { AppError } from '../../errors';
import { requestLimits } from '../../http/limits';
import { importRun, type ImportedResult } from '../../runs/imported/import-run';
import { conversationHasher } from '../dataset-versions/content-hash';
import { storeVersion } from '../dataset-versions/store-version';
import { datasetAliasOf, type TestRunHead } from './run-head';
import { conversationalCaseSchema, singleCaseSchema, type ConversationalCase, type SingleCase } from './schema';
import { conversationOfCase, conversationOfSingleCase } from './to-conversation';
import { resultsOfCase, type CaseResults } from './to-results';

/** Held cases read per query while storing. */
const PAGE = 200;

interface ReadCase {
  conversation: Conversation;
  results: CaseResults['results'];
}

/** A held case as the run stores it: its conversation (with the chatbot role its role adherence log names, which deepeval's client does not send) and its results. */
function readCase(kind: 'conversational' | 'single', body: unknown, schemas: ReturnType<typeof caseSchemas>): ReadCase {
  if (kind === 'single') {
    const c: SingleCase = schemas.single.parse(body);
    const conversation = conversationOfSingleCase(c);
    return { conversation, results: resultsOfCase(c.metricsData ?? [], conversation.turns, true).results };
  }
  const c: ConversationalCase = schemas.conversational.parse(body);
  const conversation = conversationOfCase(c);
  const { results, chatbotRole } = resultsOfCase(c.metricsData ?? [], conversation.turns, false);
  if (chatbotRole && !conversation.chatbotRole) conversation.chatbotRole = chatbotRole;
  return { conversation, results };
}

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
      yield page.map((row) => readCase(kind, row.body, schemas));
      after = page[page.length - 1].position;
    }
  }
}

/** The judge as the run shows it: deepeval with the evaluation models its metrics used. */
const judgeLabel = (models: Set<string>) => (models.size ? `deepeval (${[...models].sort().join(', ')})` : 'deepeval');

/**
 * Stores a test run whose cases have all arrived: its cases become a version of its dataset alias
 * (an identical version is reused), then its results an imported run with the id its client
 * was given, closed through the run's one close path. Reads the held cases three times (content
 * hash, dataset, results), a page at a time, so a large run is never held whole.
 */
export async function storeTestRun(db: Db, imported: RunImportRow): Promise<{ runId: string; datasetId: string }> {
  const head = imported.head as TestRunHead;
  const hasher = conversationHasher();
  const metrics: Record<string, { threshold: number; strictMode: boolean; windowSize?: number; deepeval: { name: string; evaluationModel?: string } }> = {};
  const models = new Set<string>();
  let totalResults = 0;
  let conversations = 0;
  for await (const page of heldCases(db, imported.id)) {
    for (const { conversation, results } of page) {
      hasher.add(conversation);
      conversations++;
      totalResults += results.length;
      for (const r of results) {
        if (r.details.judge) models.add(r.details.judge);
        metrics[r.metric] ??= { threshold: r.threshold, strictMode: r.strictMode, ...r.options, deepeval: { name: r.details.sourceMetric ?? r.metric, ...(r.details.judge ? { evaluationModel: r.details.judge } : {}) } };
      }
    }
  }
  const alias = datasetAliasOf(head);
  const dataset = await storeVersion(db, {
    alias,
    source: 'test-run',
    contentHash: hasher.digest(),
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
