import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '@/lib/compare/compare-runs';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { listConversationIds } from '@/lib/db/queries/datasets/count-conversations';
import { getRun } from '@/lib/db/queries/runs/get-run';
import type { Conversation } from '@/lib/domain/conversation';
import { saveDataset } from '@/lib/imports/save-dataset';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { importRun, type ImportedResult, type ImportedRun } from '@/lib/runs/imported/import-run';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';
import { cliEnv, turnwiseInProcess } from './helpers/turnwise-cli';

/*
 * A run whose scores another tool computed, stored through lib/runs' front door for imports:
 * closed like any run, so comparisons, the score vector and the CLI gate read it. No tool in
 * particular: the origin here is a made-up one.
 */

let database: FreshDatabase;
let db: Db;

const topics = ['Refund', 'Shipping', 'Warranty', 'Login'];
const conversations = (answer: (topic: string) => string): Conversation[] =>
  topics.map((topic) => ({
    name: topic,
    turns: [
      { role: 'user', content: `A question about ${topic}?` },
      { role: 'assistant', content: answer(topic) },
      { role: 'user', content: 'Thanks, one more thing?' },
      { role: 'assistant', content: `More about ${topic}.` },
    ],
  }));

async function storedDataset(name: string, answer: (topic: string) => string): Promise<{ id: string; conversationIds: string[] }> {
  const saved = await saveDataset(db, { projectId: 'default', name, sourceFormat: 'turnwise', conversations: conversations(answer) });
  return { id: saved.id, conversationIds: (await listConversationIds(db, saved.id)).map((c) => c.id) };
}

const run = (datasetId: string, over: Partial<ImportedRun> = {}): ImportedRun => ({
  projectId: 'default',
  datasetId,
  origin: 'evalkit',
  judgeLabel: 'evalkit (judge-model-2)',
  modelVersion: 'v1',
  parameters: { temperature: 0.2, prompt: 'seven' },
  metrics: { conversation_relevancy: { threshold: 0.5, strictMode: false }, 'Tone [GEval]': { threshold: 0.7, strictMode: false } },
  totalResults: topics.length * 2,
  ...over,
});

const result = (conversationId: string, metric: string, score: number | null, over: Partial<ImportedResult> = {}): ImportedResult => ({
  conversationId,
  metric,
  score,
  success: score !== null && score >= 0.5,
  threshold: 0.5,
  strictMode: false,
  reason: score === null ? null : `scored ${score}`,
  error: score === null ? 'the judge timed out' : null,
  verdicts: [],
  usage: { promptTokens: 100, completionTokens: 20, costUsd: 0.001 },
  details: { origin: 'evalkit', turnVerdicts: { found: false, note: 'no per-turn verdicts in this log' } },
  ...over,
});

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  db = createDbClient(database.url);
});

afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

describe('importRun', () => {
  it('stores a closed run with the tool as its judge, its parameters, every result and its per-turn verdicts', async () => {
    const dataset = await storedDataset('support v1', (t) => `An answer about ${t}.`);
    const results = dataset.conversationIds.flatMap((id, i) => [
      result(id, 'conversation_relevancy', i === 0 ? 0.5 : 1, {
        verdicts:
          i === 0
            ? [
                { turn: 1, verdict: 'yes', reason: 'on topic' },
                { turn: 3, verdict: 'no', reason: 'drifts off' },
              ]
            : [],
        details: { origin: 'evalkit', sourceMetric: 'Turn Relevancy', judge: 'judge-model-2', turnVerdicts: { found: true, from: 'its log' }, log: 'Verdicts: …' },
      }),
      result(id, 'Tone [GEval]', i === 3 ? null : 0.8),
    ]);
    // Two batches, as a tool that sends its results in parts.
    const stored = await importRun(db, run(dataset.id), [results.slice(0, 3), results.slice(3)]);
    expect(stored.status).toBe('completed_with_errors');
    const row = await getRun(db, 'default', stored.runId);
    expect(row).toMatchObject({ judgeKind: 'imported', judgeModel: 'evalkit (judge-model-2)', modelVersion: 'v1', status: 'completed_with_errors', error: null });
    expect(row.doneItems).toBe(8);
    expect(row.errorItems).toBe(1);
    expect(row.costUsd).toBeCloseTo(0.008);
    expect(row.promptTokens).toBe(800);
    const extra = await db.run.findUniqueOrThrow({ where: { id: stored.runId }, select: { origin: true, parameters: true, finishedAt: true } });
    expect(extra.origin).toBe('evalkit');
    expect(extra.parameters).toEqual({ temperature: 0.2, prompt: 'seven' });
    expect(extra.finishedAt).not.toBeNull();
    expect(stored.summary.conversation_relevancy).toMatchObject({ mean: 0.875, passRate: 1, count: 4, errors: 0 });
    expect(stored.summary['Tone [GEval]']).toMatchObject({ mean: expect.closeTo(0.8, 9), count: 4, errors: 1 });
    const verdicts = await db.turnVerdict.findMany({ where: { runId: stored.runId }, orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, reason: true } });
    expect(verdicts).toEqual([
      { turnIndex: 1, verdict: 'yes', reason: 'on topic' },
      { turnIndex: 3, verdict: 'no', reason: 'drifts off' },
    ]);
    const steps = await db.result.findFirstOrThrow({ where: { runId: stored.runId, metric: 'conversation_relevancy', conversationId: dataset.conversationIds[0] }, select: { steps: true } });
    expect(steps.steps).toEqual({ imported: expect.objectContaining({ origin: 'evalkit', sourceMetric: 'Turn Relevancy', turnVerdicts: { found: true, from: 'its log', turns: 2 } }) });
    // The close path built the comparisons' score vector.
    expect(await db.runScoreVector.count({ where: { runId: stored.runId } })).toBe(1);
  });

  it('compares with another imported run and with a run Turnwise scored, conversation by conversation, and the CLI gate reads it', async () => {
    const v1 = await storedDataset('support a', (t) => `An answer about ${t}.`);
    const v2 = await storedDataset('support b', (t) => `Another answer about ${t}.`);
    const base = await importRun(db, run(v1.id, { metrics: { conversation_relevancy: { threshold: 0.5, strictMode: false } }, totalResults: 4 }), [
      v1.conversationIds.map((id) => result(id, 'conversation_relevancy', 1)),
    ]);
    const worse = await importRun(db, run(v2.id, { modelVersion: 'v2', metrics: { conversation_relevancy: { threshold: 0.5, strictMode: false } }, totalResults: 4 }), [
      v2.conversationIds.map((id) => result(id, 'conversation_relevancy', 0.25)),
    ]);
    const report = await compareRuns(db, 'default', base.runId, [worse.runId]);
    expect(report.candidates[0]).toMatchObject({ matched: 4, baselineOnly: 0, candidateOnly: 0 });
    expect(report.regressions).toEqual([expect.objectContaining({ metric: 'conversation_relevancy', runId: worse.runId, difference: -0.75 })]);

    // The same metric scored by Turnwise's own judge on the same conversations lines up with the imported one.
    const scored = await recordEvaluation(db, {
      dataset: { projectId: 'default', name: 'support scored', sourceFormat: 'turnwise', conversations: conversations((t) => `An answer about ${t}.`) },
      metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
      judge: createScriptedJudge({ 'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'Answers it.' }), reason: () => ({ reason: 'Scripted.' }) }),
      judgeName: null,
      concurrency: 2,
    });
    const mixed = await compareRuns(db, 'default', base.runId, [scored.runId]);
    expect(mixed.candidates[0].matched).toBe(4);
    expect(mixed.metrics.map((m) => m.metric)).toEqual(['conversation_relevancy']);

    const gate = await turnwiseInProcess(['compare', base.runId, worse.runId, '--fail-on-regression'], cliEnv({ DATABASE_URL: database.url }));
    expect(gate.code).toBe(1);
    expect(gate.stdout).toContain('Regressed (whole interval below 0): Conversation relevancy');
  });

  it('stores nothing when a result names a turn the conversation does not have, a metric the run does not have, or a conversation of another dataset', async () => {
    const dataset = await storedDataset('support c', (t) => `An answer about ${t}.`);
    const other = await storedDataset('support d', (t) => `An answer about ${t}.`);
    const before = await db.run.count();
    const good = result(dataset.conversationIds[0], 'conversation_relevancy', 1);
    await expect(importRun(db, run(dataset.id), [[good], [result(dataset.conversationIds[1], 'conversation_relevancy', 1, { verdicts: [{ turn: 4, verdict: 'no', reason: 'x' }] })]])).rejects.toThrow(
      /names turn index 4; the conversation has 4 turns/,
    );
    await expect(importRun(db, run(dataset.id), [[result(dataset.conversationIds[1], 'Unknown', 1)]])).rejects.toThrow(/not among the run's/);
    await expect(importRun(db, run(dataset.id), [[result(other.conversationIds[1], 'conversation_relevancy', 1)]])).rejects.toThrow(/not in dataset/);
    expect(await db.run.count()).toBe(before);
    expect(await db.result.count({ where: { conversationId: dataset.conversationIds[0] } })).toBe(0);
  });

  it('takes the id a client was given before the run was stored', async () => {
    const dataset = await storedDataset('support e', (t) => `An answer about ${t}.`);
    const stored = await importRun(db, run(dataset.id, { id: 'given-id-1', metrics: { conversation_relevancy: { threshold: 0.5, strictMode: true } }, totalResults: 1 }), [
      [result(dataset.conversationIds[0], 'conversation_relevancy', 0, { strictMode: true, threshold: 1, success: false })],
    ]);
    expect(stored.runId).toBe('given-id-1');
    expect((await getRun(db, 'default', 'given-id-1')).status).toBe('completed');
  });

  it.runIf(providers.includes('postgres'))('stores the same on PostgreSQL', async () => {
    const pg = await migratedDatabase('postgres');
    const pgDb = createDbClient(pg.url);
    try {
      const saved = await saveDataset(pgDb, { projectId: 'default', name: 'support pg', sourceFormat: 'turnwise', conversations: conversations((t) => `An answer about ${t}.`) });
      const ids = (await listConversationIds(pgDb, saved.id)).map((c) => c.id);
      const stored = await importRun(pgDb, run(saved.id, { metrics: { conversation_relevancy: { threshold: 0.5, strictMode: false } }, totalResults: 4 }), [
        ids.map((id, i) => result(id, 'conversation_relevancy', i === 0 ? null : 1, { verdicts: i === 1 ? [{ turn: 3, verdict: 'no', reason: 'drifts', score: 0 }] : [] })),
      ]);
      expect(stored.status).toBe('completed_with_errors');
      expect(stored.summary.conversation_relevancy).toMatchObject({ mean: 1, passRate: 1, count: 4, errors: 1 });
      const rows = await pgDb.result.findMany({ where: { runId: stored.runId }, orderBy: { score: 'asc' }, select: { success: true, error: true, steps: true } });
      expect(rows.map((r) => r.success).sort()).toEqual([false, true, true, true]);
      expect(rows.find((r) => r.error)?.steps).toMatchObject({ imported: { origin: 'evalkit' } });
      expect(await pgDb.turnVerdict.findMany({ where: { runId: stored.runId }, select: { turnIndex: true, verdict: true, score: true } })).toEqual([{ turnIndex: 3, verdict: 'no', score: 0 }]);
    } finally {
      await pgDb.$disconnect();
      await pg.drop();
    }
  });
});
