import { describe, expect, it } from 'vitest';
import { saveDataset } from '@/lib/imports/save-dataset';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveResult } from '@/lib/db/queries/runs/save-result';
import type { Conversation } from '@/lib/domain/conversation';
import { sqliteForTests } from './databases';

/*
 * The dashboard's server has one SQLite client: an import writes its batches in transactions on
 * it, and a run's worker storing a result meanwhile must get in between them, not fail.
 */

const sqlite = sqliteForTests();

const conversation: Conversation = { turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] };

describe('a result stored while an import is under way', () => {
  it('is stored while the import goes on, and the import completes', async () => {
    const existing = await saveDataset(sqlite.db, { projectId: 'default', name: 'scored', sourceFormat: 'deepeval-json', conversations: [conversation] });
    const conversationId = (await sqlite.db.conversation.findFirstOrThrow({ where: { datasetId: existing.id }, select: { id: true } })).id;
    const run = await createRun(sqlite.db, { projectId: 'default', datasetId: existing.id, judgeKind: 'offline', judgeModel: 'm', metricSettings: {}, concurrency: 1, totalItems: 1, status: 'running' });

    // The import's second batch waits for the result to be stored: were the result queued behind
    // the whole import, neither would ever finish (the test times out) or the result's wait would run out.
    let started!: () => void;
    const importStarted = new Promise<void>((r) => (started = r));
    let resultSettled!: () => void;
    const resultDone = new Promise<void>((r) => (resultSettled = r));
    async function* slowBatches(): AsyncIterable<Conversation[]> {
      yield [conversation];
      started();
      await resultDone;
      yield [conversation];
    }
    const importing = saveDataset(sqlite.db, { projectId: 'default', name: 'big', sourceFormat: 'deepeval-jsonl', conversations: slowBatches() });
    await importStarted;
    const stored = await saveResult(sqlite.db, run.id, conversationId, {
      metric: 'conversation_relevancy', score: 1, success: true, threshold: 0.5, strictMode: false, reason: 'ok', error: null,
      verdicts: [{ turn: 1, verdict: 'yes', reason: 'ok' }], warnings: [], steps: {}, calls: [],
      usage: { calls: 1, promptTokens: 1, completionTokens: 1, cacheHits: 0, costUsd: 0 },
    }).finally(resultSettled);
    expect(stored).toBe(true);
    expect((await importing).conversationCount).toBe(2);
    expect(await sqlite.db.result.count({ where: { runId: run.id } })).toBe(1);
  }, 30_000);
});

describe('a read made while a transaction of the same client is open', () => {
  it('answers at once with what was committed, and sees the transaction once it committed', async () => {
    await sqlite.db.dataset.count();
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let written!: () => void;
    const inside = new Promise<void>((r) => (written = r));
    // A transaction that stays open, as an import's batch does while requests get in between its statements.
    const transaction = sqlite.db.$transaction(async (tx) => {
      await tx.dataset.create({ data: { projectId: 'default', name: 'in a transaction', sourceFormat: 'deepeval-json' } });
      written();
      await held;
    });
    await inside;

    const started = performance.now();
    const during = await sqlite.db.dataset.count({ where: { name: 'in a transaction' } });
    const waited = performance.now() - started;
    release();
    await transaction;

    // Before, every read of the client waited for the transaction's end: here it never would have come.
    expect(during).toBe(0);
    expect(waited).toBeLessThan(5_000);
    expect(await sqlite.db.dataset.count({ where: { name: 'in a transaction' } })).toBe(1);
  }, 30_000);
});
