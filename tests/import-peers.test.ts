import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDataset } from '@/lib/datasets';
import { compareRuns } from '@/lib/compare/compare-runs';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { listConversationIds } from '@/lib/db/queries/datasets/count-conversations';
import { getRun } from '@/lib/db/queries/runs/get-run';
import { importDatasetStream } from '@/lib/imports/import-dataset';
import { previewDatasetStream } from '@/lib/imports/preview-file';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { type FreshDatabase, migratedDatabase, providers } from './db/databases';
import { peerFixture } from './fixtures/peers/peer-fixture';

/*
 * Files other tools exported, imported with the scores they carry: the conversations become a
 * dataset and the scores a run that tool scored (lib/runs/imported), closed like any run, so it
 * compares with a run Turnwise scored on the same conversations. Fixtures: tests/fixtures/peers
 * (promptfoo's OutputFile of src/types/index.ts; langsmith-sdk's Run of python/langsmith/schemas.py).
 */

async function* chunksOf(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('the import page’s preview of a file with scores', () => {
  it('counts the scores promptfoo’s results carry, names their metrics and says once what the format cannot carry', async () => {
    const text = peerFixture('promptfoo', 'results.json');
    const snapshot = await previewDatasetStream(chunksOf(text, 997), text.length, { fileName: 'results.json' });
    expect(snapshot).toMatchObject({ format: 'promptfoo-json', conversations: 3, turns: 8, done: true });
    const onTurns = (name: string, n: number) => ({ tool: 'promptfoo', name, onTurns: n, onConversations: 0 });
    expect(snapshot.scoredConversations).toBe(3);
    expect(snapshot.scores).toEqual([onTurns('context-faithfulness', 1), onTurns('contains', 1), onTurns('overall', 4), onTurns('llm-rubric', 2), onTurns('conversation_relevancy', 2)]);
    expect(snapshot.notes.filter((n) => n.includes('no timestamps'))).toHaveLength(1);
    expect(snapshot.sample.map((c) => c.externalId)).toEqual(['8e0b1d47-5c2a-4f9e-b3d6-1a2c4e6f8b0d', 'f3b7a9c1-0d2e-4b6f-a8c3-5e7d9b1f2a46', 'refund-1']);
  });
});

describe.each(providers)('imports with their scores on %s', (provider) => {
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await migratedDatabase(provider);
    db = createDbClient(database.url);
  });

  afterAll(async () => {
    await db.$disconnect();
    await database.drop();
  });

  const resultsOf = (runId: string) =>
    db.result.findMany({
      where: { runId },
      orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
      select: { metric: true, score: true, success: true, reason: true, error: true, steps: true, conversation: { select: { externalId: true } } },
    });

  it('stores promptfoo’s results.json as a dataset and its grading as a run promptfoo scored, per conversation and per turn', async () => {
    const outcome = await importDatasetStream(db, 'default', chunksOf(peerFixture('promptfoo', 'results.json'), 1000), { name: 'acme promptfoo', fileName: 'results.json', modelVersion: 'support-bot 2026-11' });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.format).toBe('promptfoo-json');
    expect(outcome.stats).toMatchObject({ conversations: 3, turns: 8 });
    expect(outcome.notes).toContain('promptfoo records no time for a turn: the turns have no timestamps.');
    expect(outcome.run).toEqual({ runId: expect.any(String), origin: 'promptfoo', metrics: ['context-faithfulness', 'contains', 'overall', 'llm-rubric', 'conversation_relevancy'], results: 7 });

    const run = await getRun(db, 'default', outcome.run!.runId);
    expect(run).toMatchObject({ datasetId: outcome.datasetId, judgeKind: 'imported', judgeModel: 'promptfoo: context-faithfulness, contains, overall, llm-rubric, conversation-relevance', modelVersion: 'support-bot 2026-11', status: 'completed_with_errors', doneItems: 7, errorItems: 1 });
    const stored = await db.run.findUniqueOrThrow({ where: { id: run.id }, select: { origin: true, parameters: true, metricSettings: true } });
    expect(stored.origin).toBe('promptfoo');
    expect(stored.parameters).toEqual({ evalId: 'eval-7Qk-2026-11-28T14:02:11', ranAt: '2026-11-28T14:02:11.000Z', promptfooVersion: '0.120.1' });
    expect(stored.metricSettings).toMatchObject({ conversation_relevancy: { threshold: 0.7, strictMode: false, sourceMetric: 'conversation-relevance', windowSize: 3 }, 'llm-rubric': { threshold: 0.5 } });

    const results = await resultsOf(run.id);
    const refund = results.filter((r) => r.conversation.externalId === 'refund-1');
    expect(refund.map((r) => [r.metric, r.score, r.success])).toEqual([
      ['conversation_relevancy', 1, true],
      ['llm-rubric', 0.5, false],
      ['overall', 0.75, false],
    ]);
    expect(refund[1].steps).toEqual({
      imported: { origin: 'promptfoo', judge: 'promptfoo: llm-rubric', turnVerdicts: { found: true, from: "promptfoo's scores of the replies it judged", turns: 2 } },
    });
    expect(refund[0].steps).toMatchObject({ imported: { sourceMetric: 'conversation-relevance', judge: 'promptfoo: conversation-relevance' } });
    // The step that failed its rubric is a "no" on its own reply, with promptfoo's reason.
    const verdicts = await db.turnVerdict.findMany({ where: { runId: run.id, metric: 'llm-rubric' }, orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, reason: true } });
    expect(verdicts).toEqual([
      { turnIndex: 1, verdict: 'yes', reason: 'The reply states that duplicate charges are refunded automatically within 5 business days.' },
      { turnIndex: 3, verdict: 'no', reason: 'It asks for card digits but gives no timeline for the ticket.' },
    ]);
    const errored = results.find((r) => r.conversation.externalId === 'f3b7a9c1-0d2e-4b6f-a8c3-5e7d9b1f2a46');
    expect(errored).toMatchObject({ metric: 'overall', score: null, success: false, error: 'API error: 429 Too Many Requests' });
    // The dataset is shown only once its run is stored.
    expect(await db.dataset.findUniqueOrThrow({ where: { id: outcome.datasetId }, select: { importing: true, sourceFormat: true } })).toEqual({ importing: false, sourceFormat: 'promptfoo-json' });

    // A run Turnwise scored on the same conversations lines up with promptfoo's, conversation by conversation.
    const conversations = parseDataset(peerFixture('promptfoo', 'results.json'), { fileName: 'results.json' }).conversations;
    const scored = await recordEvaluation(db, {
      dataset: { projectId: 'default', name: 'acme scored again', sourceFormat: 'turnwise', conversations },
      metrics: [{ name: 'conversation_relevancy', options: { windowSize: 3 } }],
      judge: createScriptedJudge({ 'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'On topic.' }), reason: () => ({ reason: 'Scripted.' }) }),
      judgeName: null,
      concurrency: 2,
    });
    const report = await compareRuns(db, 'default', run.id, [scored.runId]);
    expect(report.candidates[0]).toMatchObject({ matched: 3, baselineOnly: 0, candidateOnly: 0 });
    expect(report.metrics.map((m) => m.metric)).toContain('conversation_relevancy');
  });

  it('stores LangSmith runs as a thread per conversation and their feedback as a run LangSmith scored, on the replies it was given to', async () => {
    const outcome = await importDatasetStream(db, 'default', chunksOf(peerFixture('langsmith', 'runs.jsonl'), 512), { name: 'acme langsmith', fileName: 'runs.jsonl' });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.stats).toMatchObject({ conversations: 2, turns: 6 });
    expect(outcome.run).toMatchObject({ origin: 'langsmith', metrics: ['correctness'], results: 1 });
    const [result] = await resultsOf(outcome.run!.runId);
    // LangSmith decides no pass: the mean of a passing and a failing reply reads against 0.5, as a Turnwise metric's mean of turns does.
    expect(result).toMatchObject({ metric: 'correctness', score: 0.5, success: true, conversation: { externalId: '0193a5c2-7e41-7b3a-9c5d-2f8e6a1b4c70' } });
    const verdicts = await db.turnVerdict.findMany({ where: { runId: outcome.run!.runId }, orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, score: true } });
    expect(verdicts).toEqual([
      { turnIndex: 1, verdict: 'yes', score: 1 },
      { turnIndex: 3, verdict: 'no', score: 0 },
    ]);
    // The thread id is the conversation's external id: the dataset's search finds it.
    const ids = await listConversationIds(db, outcome.datasetId);
    expect(ids).toHaveLength(2);
  });

  it('stores a file without scores as a dataset only, and refuses a broken promptfoo file whole', async () => {
    const examples = await importDatasetStream(db, 'default', chunksOf(peerFixture('langsmith', 'examples.jsonl'), 300), { name: 'langsmith examples', fileName: 'examples.jsonl' });
    expect(examples).toMatchObject({ ok: true, format: 'langsmith-jsonl' });
    expect(examples.ok && examples.run).toBeUndefined();

    const before = { datasets: await db.dataset.count(), runs: await db.run.count() };
    const broken = peerFixture('promptfoo', 'results.json').replace('"pass": false,', '"pass": "no",');
    const refused = await importDatasetStream(db, 'default', chunksOf(broken, 1000), { name: 'broken', fileName: 'results.json' });
    expect(refused.ok).toBe(false);
    if (refused.ok) return;
    const line = broken.split('\n').findIndex((l) => l.includes('"pass": "no"')) + 1;
    expect(refused.problems.filter((p) => p.severity === 'error')).toEqual([expect.objectContaining({ line, field: 'gradingResult.pass', message: 'expected true or false, found a string' })]);
    expect(refused.message).toContain(`at line ${line}`);
    expect({ datasets: await db.dataset.count(), runs: await db.run.count() }).toEqual(before);
  });
});
