import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '../../lib/db/client';
import { type Db } from '../../lib/db/db-types';
import { type FreshDatabase, migratedDatabase, providers } from './databases';

describe.each(providers)('data model on %s', (provider) => {
  let database: FreshDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await migratedDatabase(provider);
    db = createDbClient(database.url);
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  async function seed() {
    const dataset = await db.dataset.create({
      data: { projectId: 'default', name: 'support bot', sourceFormat: 'json', conversationCount: 1, turnCount: 2 },
    });
    const conversation = await db.conversation.create({
      data: {
        datasetId: dataset.id,
        position: 0,
        matchKey: 'refund-1',
        context: { locale: 'fr-FR', tags: ['refund', 'vip'] },
        turns: {
          create: [
            { index: 0, role: 'user', content: 'I want a refund' },
            {
              index: 1,
              role: 'assistant',
              content: 'Sure.',
              retrievalContext: ['Refunds within 30 days.'],
              toolsCalled: [{ name: 'lookup_order', input: { id: 42 }, output: null }],
            },
          ],
        },
      },
    });
    const run = await db.run.create({
      data: { projectId: 'default',
        datasetId: dataset.id,
        judgeKind: 'offline',
        judgeModel: 'offline-1',
        metricSettings: { turn_relevancy: { threshold: 0.5, strictMode: false } },
      },
    });
    const result = await db.result.create({
      data: {
        runId: run.id,
        conversationId: conversation.id,
        metric: 'turn_relevancy',
        score: 0.75,
        success: true,
        threshold: 0.5,
        steps: { verdicts: [{ verdict: 'yes' }, { verdict: 'no', reason: 'off topic' }] },
        verdicts: {
          create: [
            { runId: run.id, conversationId: conversation.id, metric: 'turn_relevancy', turnIndex: 1, verdict: 'yes', score: 1, reason: 'answers' },
          ],
        },
      },
    });
    return { dataset, conversation, run, result };
  }

  it('stores a dataset, its conversations, turns, runs, results and verdicts, Json included', async () => {
    const { dataset, run } = await seed();
    const read = await db.dataset.findUniqueOrThrow({
      where: { id: dataset.id },
      include: {
        conversations: { include: { turns: { orderBy: { index: 'asc' } } } },
        runs: { include: { results: { include: { verdicts: true } } } },
      },
    });
    const [conversation] = read.conversations;
    expect(conversation.context).toEqual({ locale: 'fr-FR', tags: ['refund', 'vip'] });
    expect(conversation.turns.map((t) => t.content)).toEqual(['I want a refund', 'Sure.']);
    expect(conversation.turns[0].retrievalContext).toBeNull();
    expect(conversation.turns[1].retrievalContext).toEqual(['Refunds within 30 days.']);
    expect(conversation.turns[1].toolsCalled).toEqual([
      { name: 'lookup_order', input: { id: 42 }, output: null },
    ]);
    const [storedRun] = read.runs;
    expect(storedRun.id).toBe(run.id);
    expect(storedRun.status).toBe('queued');
    expect(storedRun.metricSettings).toEqual({ turn_relevancy: { threshold: 0.5, strictMode: false } });
    const [result] = storedRun.results;
    expect(result.score).toBe(0.75);
    expect(result.success).toBe(true);
    expect(result.steps).toEqual({ verdicts: [{ verdict: 'yes' }, { verdict: 'no', reason: 'off topic' }] });
    expect(result.verdicts.map((v) => [v.turnIndex, v.verdict])).toEqual([[1, 'yes']]);
  });

  it('keeps one result per run, conversation and metric', async () => {
    const { run, conversation } = await seed();
    const duplicate = db.result.create({
      data: { runId: run.id, conversationId: conversation.id, metric: 'turn_relevancy', success: false, threshold: 0.5 },
    });
    await expect(duplicate).rejects.toMatchObject({ code: 'P2002' });
    await db.result.create({
      data: { runId: run.id, conversationId: conversation.id, metric: 'knowledge_retention', success: true, threshold: 0.5 },
    });
    expect(await db.result.count({ where: { runId: run.id } })).toBe(2);
  });

  it('deletes everything under a dataset with it', async () => {
    const { dataset, conversation, run, result } = await seed();
    const other = await seed();
    await db.dataset.delete({ where: { id: dataset.id } });
    expect(await db.conversation.count({ where: { id: conversation.id } })).toBe(0);
    expect(await db.turn.count({ where: { conversationId: conversation.id } })).toBe(0);
    expect(await db.run.count({ where: { id: run.id } })).toBe(0);
    expect(await db.result.count({ where: { id: result.id } })).toBe(0);
    expect(await db.turnVerdict.count({ where: { resultId: result.id } })).toBe(0);
    expect(await db.turn.count({ where: { conversationId: other.conversation.id } })).toBe(2);
    expect(await db.turnVerdict.count({ where: { resultId: other.result.id } })).toBe(1);
  });
});
