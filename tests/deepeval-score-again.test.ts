import { DEFAULT_PROJECT } from '../lib/identity/project';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '@/lib/compare/compare-runs';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { setScoringFields } from '@/lib/db/queries/datasets/set-scoring-fields';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import { importTestRunText } from '@/lib/deepeval/test-runs/import-test-run-file';
import { enqueueRun } from '@/lib/runs/queue/enqueue-run';
import { startSqliteRunWorker } from '@/lib/runs/queue/sqlite-run-worker';
import { loadNewRunOptions } from '@/lib/runs/request/new-run-options';
import { runRequestSchema } from '@/lib/runs/request/run-request';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerFromSchema } from './helpers/schema-judge';
import { waitFor } from './helpers/wait-for';
import { DEEPEVAL_FIXTURES } from './helpers/deepeval-fixtures';

/*
 * A deepeval run scored again in Turnwise: the new-run form offers its metrics with the options
 * deepeval used, fields deepeval never sends are set on the dataset first, and the Turnwise run
 * compares with deepeval's conversation by conversation. The judge is a server on 127.0.0.1
 * that answers every schema with a valid value.
 */

const FOLDER = path.join(DEEPEVAL_FIXTURES, 'results-folder');
const file = readFileSync(path.join(FOLDER, readdirSync(FOLDER).find((f) => f.startsWith('test_run_'))!), 'utf8');

let database: FreshDatabase;
let db: Db;
let judge: JudgeServer;
let importedId = '';
let datasetId = '';

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  db = createDbClient(database.url);
  judge = await startJudgeServer({ handler: answerFromSchema(7) });
  const receipt = await importTestRunText(db, DEFAULT_PROJECT, file);
  importedId = receipt.id;
  datasetId = (await db.run.findUniqueOrThrow({ where: { id: importedId }, select: { datasetId: true } })).datasetId;
});

afterAll(async () => {
  await judge?.close();
  await db?.$disconnect();
  await database?.drop();
});

const env = () => ({ TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: judge.url, models: ['judge-model'] }]), TURNWISE_WORKER_POLL_MS: '100' });

describe('scoring a deepeval run again in Turnwise', () => {
  it("offers the run's metrics with the thresholds and window size deepeval used, and its identifier as model version", async () => {
    const options = await loadNewRunOptions(db, 'default', datasetId, env(), importedId);
    expect(options.scoreAgain).toMatchObject({ runId: importedId, origin: 'deepeval', judge: 'deepeval (judge)', modelVersion: 'filerun' });
    expect(Object.keys(options.scoreAgain!.metrics).sort()).toEqual([
      'conversation_completeness',
      'conversation_relevancy',
      'knowledge_retention',
      'role_adherence',
      'turn_contextual_recall',
      'turn_faithfulness',
    ]);
    expect(options.scoreAgain!.metrics.conversation_relevancy).toMatchObject({ threshold: 0.5, strictMode: false, windowSize: 10 });
    // The chatbot role came with deepeval's role adherence log, so role adherence applies to every conversation.
    const count = (name: string) => options.metrics.find((m) => m.name === name)!.conversations;
    expect(count('role_adherence')).toBe(3);
    expect(count('topic_adherence')).toBe(0);
  });

  it('lets the fields deepeval never sends be set on the dataset, where the metrics that read them then apply', async () => {
    const set = await setScoringFields(db, 'default', datasetId, { relevantTopics: ['savings accounts'], availableTools: [{ name: 'open_account', description: 'opens an account' }] }, true);
    expect(set).toEqual({ chatbotRole: 0, relevantTopics: 3, availableTools: 3 });
    const options = await loadNewRunOptions(db, 'default', datasetId, env(), importedId);
    const count = (name: string) => options.metrics.find((m) => m.name === name)!.conversations;
    expect(count('topic_adherence')).toBe(3);
    expect(count('tool_use')).toBe(3);
    // Only where missing: a second call changes nothing.
    expect(await setScoringFields(db, 'default', datasetId, { relevantTopics: ['other'] }, true)).toMatchObject({ relevantTopics: 0 });
  });

  it("scores the same metrics with a Turnwise judge, and the run compares with deepeval's", async () => {
    const { scoreAgain } = await loadNewRunOptions(db, 'default', datasetId, env(), importedId);
    const metrics = Object.entries(scoreAgain!.metrics).map(([name, settings]) => ({
      name,
      options: Object.fromEntries(Object.entries(settings).filter(([key]) => ['threshold', 'strictMode', 'windowSize'].includes(key))),
    }));
    const request = runRequestSchema.parse({ datasetId, metrics, judge: { kind: 'openai', name: 'local', model: 'judge-model' }, concurrency: 4, modelVersion: 'filerun' });
    const worker = startSqliteRunWorker({ db, env: env() });
    try {
      const { runId } = await enqueueRun(db, 'default', request, env());
      await waitFor('the Turnwise run to end', async () => ['completed', 'completed_with_errors'].includes((await getRunStatus(db, 'default', runId)).status), { timeoutMs: 60_000 });
      const report = await compareRuns(db, 'default', importedId, [runId]);
      expect(report.candidates[0]).toMatchObject({ matched: 3, baselineOnly: 0, candidateOnly: 0 });
      expect(report.metrics.map((m) => m.metric).sort()).toEqual(metrics.map((m) => m.name).sort());
      // Every metric of deepeval's compares with the Turnwise judge's on the same conversations.
      for (const m of report.metrics) expect(m.candidates[0].pairs + m.candidates[0].baselineErrors + m.candidates[0].candidateErrors, m.metric).toBe(3);
    } finally {
      await worker.stop();
    }
  });
});
