import { describe, expect, it } from 'vitest';
import { saveDataset } from '@/lib/imports/save-dataset';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveResults } from '@/lib/db/queries/runs/save-results';
import { getRunStatus } from '@/lib/db/queries/runs/get-run-status';
import type { Conversation } from '@/lib/domain/conversation';
import type { MetricResult } from '@/lib/domain';
import { sqliteForTests } from './databases';

/*
 * A run's results are stored in batches: a batch that repeats a stored result (a chunk retried
 * after its worker died, another worker racing on it) stores each result once, counts it once
 * on the run, and keeps the per-turn verdicts of the new ones.
 */

const sqlite = sqliteForTests();

const conversation: Conversation = { turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello' }] };
const result = (score: number): MetricResult => ({
  metric: 'conversation_relevancy', score, success: true, threshold: 0.5, strictMode: false, reason: 'ok', error: null,
  verdicts: [{ turn: 1, verdict: 'yes', reason: 'ok' }], warnings: [], steps: {}, calls: [],
  usage: { calls: 1, promptTokens: 10, completionTokens: 2, cacheHits: 0, costUsd: 0 },
});

describe('results stored in batches', () => {
  it('stores each result once and counts it once when a batch repeats stored ones', async () => {
    const dataset = await saveDataset(sqlite.db, { projectId: 'default', name: 'three', sourceFormat: 'deepeval-json', conversations: [conversation, conversation, conversation] });
    const ids = (await sqlite.db.conversation.findMany({ where: { datasetId: dataset.id }, orderBy: { position: 'asc' }, select: { id: true } })).map((c) => c.id);
    const run = await createRun(sqlite.db, { projectId: 'default', datasetId: dataset.id, judgeKind: 'offline', judgeModel: 'm', metricSettings: {}, concurrency: 1, totalItems: 3, status: 'running' });
    const item = (i: number, score: number) => ({ conversationId: ids[i], result: result(score), turnVerdicts: result(score).verdicts });

    expect(await saveResults(sqlite.db, run.id, [item(0, 1), item(1, 1)])).toEqual([true, true]);
    // The first is stored already: it keeps its score; the third is new.
    expect(await saveResults(sqlite.db, run.id, [item(0, 0), item(2, 1)])).toEqual([false, true]);

    const rows = await sqlite.db.result.findMany({ where: { runId: run.id }, select: { conversationId: true, score: true } });
    expect(rows.map((r) => [ids.indexOf(r.conversationId), r.score]).sort()).toEqual([[0, 1], [1, 1], [2, 1]]);
    expect(await sqlite.db.turnVerdict.count({ where: { runId: run.id } })).toBe(3);
    const status = await getRunStatus(sqlite.db, 'default', run.id);
    expect(status.doneItems).toBe(3);
    const counters = await sqlite.db.run.findUniqueOrThrow({ where: { id: run.id }, select: { judgeCalls: true, promptTokens: true } });
    expect(counters).toEqual({ judgeCalls: 3, promptTokens: 30 });
  });
});
