import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { countUndecidedTurns } from '@/lib/db/queries/runs/count-undecided-turns';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';

/*
 * The run summary's "could not decide" line: judged turns with an idk verdict, one count per
 * turn whatever the number of metrics, on SQLite and (with TEST_POSTGRES_URL) PostgreSQL.
 */
async function seed(db: Db): Promise<void> {
  await db.dataset.create({ data: { projectId: 'default', id: 'd1', name: 'd', sourceFormat: 'turnwise', conversationCount: 2 } });
  for (const c of ['c0', 'c1']) {
    await db.conversation.create({
      data: { id: c, datasetId: 'd1', position: Number(c[1]), matchKey: c, turnCount: 4, turns: { create: [0, 1, 2, 3].map((index) => ({ index, role: index % 2 ? 'assistant' : 'user', content: `m${index}` })) } },
    });
  }
  for (const id of ['run1', 'run2']) {
    await db.run.create({ data: { projectId: 'default', id, datasetId: 'd1', judgeKind: 'offline', judgeModel: 'offline', metricSettings: {}, status: 'completed' } });
  }
  // [conversation, metric, turn, verdict]: c0 turn 1 is undecided on two metrics (one turn),
  // c0 turn 3 is failed on one and undecided on another, c1 turn 1 passed, c1 turn 3 errored.
  const verdicts: [string, string, number, string][] = [
    ['c0', 'turn_faithfulness', 1, 'idk'],
    ['c0', 'knowledge_retention', 1, 'idk'],
    ['c0', 'turn_faithfulness', 3, 'idk'],
    ['c0', 'knowledge_retention', 3, 'no'],
    ['c1', 'turn_faithfulness', 1, 'yes'],
    ['c1', 'turn_faithfulness', 3, 'error'],
  ];
  for (const [conversationId, metric, turnIndex, verdict] of verdicts) {
    const resultId = `${conversationId}-${metric}`;
    await db.result.upsert({
      where: { id: resultId },
      create: { id: resultId, runId: 'run1', conversationId, metric, score: 0.5, success: true, threshold: 0.5, steps: {}, calls: [] },
      update: {},
    });
    await db.turnVerdict.create({ data: { resultId, runId: 'run1', conversationId, metric, turnIndex, verdict, reason: 'r' } });
  }
}

describe.each(providers)('turns the judge could not decide, on %s', (provider) => {
  let fresh: FreshDatabase;
  let db: Db;
  beforeAll(async () => {
    fresh = await migratedDatabase(provider);
    db = createDbClient(fresh.url);
    await seed(db);
  }, 60_000);
  afterAll(async () => {
    await db?.$disconnect();
    await fresh?.drop();
  });

  it('counts each judged turn with an idk verdict once, out of the turns with a verdict (errors are not verdicts)', async () => {
    expect(await countUndecidedTurns(db, 'run1')).toEqual({ undecided: 2, judged: 3 });
  });

  it('reads zero for a run without verdicts', async () => {
    expect(await countUndecidedTurns(db, 'run2')).toEqual({ undecided: 0, judged: 0 });
  });
});
