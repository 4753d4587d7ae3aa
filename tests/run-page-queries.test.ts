import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { loadRunConversation } from '@/lib/runs/page/load-run-conversation';
import { listJudgeCacheEntries } from '@/lib/db/queries/conversations/list-judge-cache-entries';
import { getRunScoreStats } from '@/lib/runs/aggregates/get-run-score-stats';
import { computeRunAggregates } from '@/lib/runs/aggregates/compute-run-aggregates';
import { saveRunAggregates } from '@/lib/db/queries/runs/save-run-aggregates';
import { getRunTurnStats } from '@/lib/runs/aggregates/get-run-turn-stats';
import { countUndecidedTurns } from '@/lib/db/queries/runs/count-undecided-turns';
import { countUnstableTurns } from '@/lib/db/queries/runs/count-unstable-turns';
import { listRunConversationScores } from '@/lib/db/queries/runs/list-run-conversation-scores';
import { listFirstFailures } from '@/lib/db/queries/runs/list-first-failures';
import { listRunVerdictMap } from '@/lib/db/queries/runs/list-run-verdict-map';
import { parseRunTableQuery, type SearchParams } from '@/lib/domain/run-table-query';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';

/*
 * The run page's read queries on a small run whose every order is known, on SQLite and (with
 * TEST_POSTGRES_URL) PostgreSQL: the table's raw SQL must read the same on both.
 *
 * Conversations c0…c5; metric a scores c0..c4 (c2 errored), metric b scores every one.
 */
const A: [string, number | null][] = [
  ['c0', 0.9],
  ['c1', 0.2],
  ['c2', null],
  ['c3', 0.2],
  ['c4', 0.6],
];
const B: [string, number | null][] = [
  ['c0', 0.1],
  ['c1', 1],
  ['c2', 1],
  ['c3', 0.7],
  ['c4', 0.4],
  ['c5', 1],
];
const METRICS = ['a', 'b'];
const run = { id: 'run1', datasetId: 'd1', conversationCount: 6 };

async function seed(db: Db): Promise<void> {
  await db.dataset.create({ data: { projectId: 'default', id: 'd1', name: 'd', sourceFormat: 'turnwise', conversationCount: 6 } });
  for (let i = 0; i < 6; i++) {
    await db.conversation.create({
      data: {
        id: `c${i}`,
        datasetId: 'd1',
        position: i,
        name: i === 5 ? null : `Conversation ${i}`,
        matchKey: `c${i}`,
        turnCount: i === 5 ? 2 : 4,
        turns: {
          create: Array.from({ length: i === 5 ? 2 : 4 }, (_, t) => ({
            index: t,
            role: t % 2 ? 'assistant' : 'user',
            content: `message ${t}`,
            ...(t === 1 ? { retrievalContext: ['doc one', 'doc two'] } : {}),
          })),
        },
      },
    });
  }
  await db.run.create({ data: { projectId: 'default', id: 'run1', datasetId: 'd1', judgeKind: 'openai', judgeModel: 'm', metricSettings: {}, status: 'completed', doneItems: 11 } });
  for (const [metric, rows] of [
    ['a', A],
    ['b', B],
  ] as const) {
    for (const [conversationId, score] of rows) {
      await db.result.create({
        data: {
          id: `${conversationId}-${metric}`,
          runId: 'run1',
          conversationId,
          metric,
          score,
          success: score !== null && score >= 0.5,
          threshold: 0.5,
          error: score === null ? 'JudgeError: 503' : null,
          reason: score === null ? null : `score ${score}`,
          steps: {},
          calls: [{ step: 'reason', cacheKey: `key-${conversationId}-${metric}`, cached: false, promptTokens: 10, completionTokens: 5 }],
          verdicts: {
            create: [{ runId: 'run1', conversationId, metric, turnIndex: conversationId === 'c5' ? 1 : 3, verdict: score !== null && score < 0.5 ? 'no' : 'yes', reason: 'r' }],
          },
        },
      });
    }
  }
  await db.judgeCache.create({
    data: { key: 'key-c1-a', model: 'm', step: 'reason', messages: [{ role: 'user', content: 'Explain the score.' }], raw: '{"reason":"low"}', promptTokens: 10, completionTokens: 5 },
  });
}

describe.each(providers)('run page queries on %s', (provider) => {
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

  const list = async (search: SearchParams, size = 50) => {
    const page = await listRunConversationScores(db, run, parseRunTableQuery(search, METRICS), size);
    return { ids: page.rows.map((r) => r.id), total: page.total, unscored: page.unscored, rows: page.rows };
  };

  it('lists conversations in dataset order with every metric\'s score', async () => {
    const page = await list({});
    expect(page.ids).toEqual(['c0', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(page.total).toBe(6);
    expect(page.rows[2].scores).toEqual({ a: { score: null, success: false, error: 'JudgeError: 503' }, b: { score: 1, success: true, error: null } });
    expect(page.rows[5]).toMatchObject({ label: 'Conversation #6', scores: { b: { score: 1 } } });
    expect(page.rows[5].scores.a).toBeUndefined();
    expect((await list({ page: '2' }, 4)).ids).toEqual(['c4', 'c5']);
  });

  it('filters failed conversations: on any metric, or on one metric, with a score range', async () => {
    expect(await list({ failed: '1' })).toMatchObject({ ids: ['c0', 'c1', 'c2', 'c3', 'c4'], total: 5 });
    expect(await list({ failed: '1', metric: 'a' })).toMatchObject({ ids: ['c1', 'c2', 'c3'], total: 3 });
    expect(await list({ metric: 'b', min: '0.3', max: '0.7' })).toMatchObject({ ids: ['c3', 'c4'], total: 2 });
  });

  it('sorts by a metric\'s score, ties by conversation, errored results last, unscored conversations counted', async () => {
    expect(await list({ sort: 'a' })).toMatchObject({ ids: ['c1', 'c3', 'c4', 'c0', 'c2'], total: 5, unscored: 1 });
    expect(await list({ sort: 'a', dir: 'desc' })).toMatchObject({ ids: ['c0', 'c4', 'c3', 'c1', 'c2'], total: 5 });
    // Pages cross from the scored rows into the errored one.
    expect((await list({ sort: 'a', page: '2' }, 3)).ids).toEqual(['c0', 'c2']);
    expect((await list({ sort: 'a', page: '3' }, 2)).ids).toEqual(['c2']);
  });

  it('sorts by one metric while filtering on another', async () => {
    expect(await list({ sort: 'b', metric: 'a', failed: '1' })).toMatchObject({ ids: ['c3', 'c1', 'c2'], total: 3 });
    expect(await list({ sort: 'a', failed: '1' })).toMatchObject({ ids: ['c1', 'c3', 'c4', 'c0', 'c2'], total: 5 });
    expect(await list({ sort: 'a', metric: 'a', failed: '1', dir: 'desc' })).toMatchObject({ ids: ['c3', 'c1', 'c2'], total: 3 });
  });

  it('reads the same filtered and sorted pages from the run\'s per-metric counts as by counting its results', async () => {
    const stats = await getRunScoreStats(db, { id: 'run1', status: 'running', doneItems: 0, scoreStats: null });
    const searches: SearchParams[] = [{ sort: 'a', metric: 'a', failed: '1' }, { sort: 'a', metric: 'a', failed: '1', dir: 'desc' }, { sort: 'b', metric: 'b', failed: '1' }, { sort: 'a' }, { sort: 'a', metric: 'a', failed: '1', min: '0.1' }];
    for (const search of searches) {
      for (const [size, page] of [[50, '1'], [2, '2']] as const) {
        const query = parseRunTableQuery({ ...search, page }, METRICS);
        expect(await listRunConversationScores(db, run, query, size, stats)).toEqual(await listRunConversationScores(db, run, query, size));
      }
    }
    expect((await listRunConversationScores(db, run, parseRunTableQuery({ sort: 'a', metric: 'a', failed: '1' }, METRICS), 50, stats)).total).toBe(3);
  });

  it('pages the verdict map with roles and verdicts', async () => {
    const map = await listRunVerdictMap(db, run, parseRunTableQuery({ vpage: '2' }, METRICS), 4);
    expect(map.total).toBe(6);
    expect(map.conversations.map((c) => [c.id, c.roles.length])).toEqual([
      ['c4', 4],
      ['c5', 2],
    ]);
    expect(map.verdicts.filter((v) => v.conversationId === 'c4').map((v) => [v.metric, v.turnIndex, v.verdict]).sort()).toEqual([
      ['a', 3, 'yes'],
      ['b', 3, 'no'],
    ]);
  });

  it('shows in the verdict map the conversations the table filters and sorts', async () => {
    const map = await listRunVerdictMap(db, run, parseRunTableQuery({ metric: 'a', failed: '1', sort: 'b' }, METRICS), 10);
    expect(map.total).toBe(3);
    expect(map.conversations.map((c) => c.id)).toEqual(['c3', 'c1', 'c2']);
    expect(new Set(map.verdicts.map((v) => v.conversationId))).toEqual(new Set(['c1', 'c2', 'c3']));
  });

  it('counts conversations by their first failing turn per metric, and the conversations each metric judged per turn', async () => {
    const { rows, judged } = await listFirstFailures(db, run.id);
    const byMetric = (m: string) => rows.filter((r) => r.metric === m).map((r) => [r.first, r.conversations]);
    expect(byMetric('a')).toEqual([[3, 2]]);
    expect(byMetric('b')).toEqual([[3, 2]]);
    expect(judged).toEqual({ a: 5, b: 6 });
  });

  it('reads a conversation of the run with its results, call records, verdicts and neighbours', async () => {
    const c = await loadRunConversation(db, run, 'c1');
    expect(c.turns[1].retrievalContext).toEqual(['doc one', 'doc two']);
    expect(c.turns[0].retrievalContext).toEqual([]);
    expect(c.results.map((r) => r.metric).sort()).toEqual(['a', 'b']);
    expect(c.results.find((r) => r.metric === 'a')!.calls[0].cacheKey).toBe('key-c1-a');
    expect(c).toMatchObject({ previousId: 'c0', nextId: 'c2' });
    const cache = await listJudgeCacheEntries(db, ['key-c1-a', 'key-c1-b']);
    expect([...cache.keys()]).toEqual(['key-c1-a']);
    expect(cache.get('key-c1-a')!.messages[0].content).toBe('Explain the score.');
    await expect(loadRunConversation(db, { ...run, datasetId: 'other' }, 'c1')).rejects.toThrow(/not found/);
  });

  it('reads the score distribution a finished run stored when it closed, and computes it without writing when it is missing or stale', async () => {
    const first = await getRunScoreStats(db, { id: 'run1', status: 'completed', doneItems: 11, scoreStats: null });
    expect(first.metrics.map((m) => [m.metric, m.count, m.errors, m.passed])).toEqual([
      ['a', 5, 1, 2],
      ['b', 6, 0, 4],
    ]);
    // A page read never writes: the figures are stored when the run closes.
    expect((await db.run.findUniqueOrThrow({ where: { id: 'run1' }, select: { scoreStats: true } })).scoreStats).toBeNull();
    const { summary, scoreStats } = await computeRunAggregates(db, 'run1');
    await saveRunAggregates(db, 'run1', { summary, scoreStats: scoreStats as object });
    expect(JSON.parse(JSON.stringify(scoreStats.metrics))).toEqual(JSON.parse(JSON.stringify(first.metrics)));
    // Stored stats are used as they are while they count the run's results…
    const fake = { ...first, metrics: first.metrics.map((m) => ({ ...m, passed: 0 })) };
    expect(await getRunScoreStats(db, { id: 'run1', status: 'completed', doneItems: 11, scoreStats: fake })).toEqual(fake);
    // …and recomputed when they do not, or while the run is going.
    expect((await getRunScoreStats(db, { id: 'run1', status: 'completed', doneItems: 12, scoreStats: fake })).metrics[0].passed).toBe(2);
    expect((await getRunScoreStats(db, { id: 'run1', status: 'running', doneItems: 11, scoreStats: fake })).metrics[0].passed).toBe(2);
  });

  it("keeps a finished run's first failing turns and undecided turns with its score stats, and reads them from there while they are current", async () => {
    const live = { firstFailures: await listFirstFailures(db, 'run1'), undecided: await countUndecidedTurns(db, 'run1'), unstable: await countUnstableTurns(db, 'run1') };
    const { scoreStats } = await db.run.findUniqueOrThrow({ where: { id: 'run1' }, select: { scoreStats: true } });
    const stored = scoreStats as unknown as { turns: typeof live };
    expect(stored.turns).toEqual(live);
    const marked = { ...stored, turns: { ...live, undecided: { undecided: 99, judged: 99 } } };
    await db.run.update({ where: { id: 'run1' }, data: { scoreStats: marked as never } });
    expect((await getRunTurnStats(db, 'run1')).undecided).toEqual({ undecided: 99, judged: 99 });
    // Stats stored before the unstable count was kept with them are counted again.
    const { unstable: _, ...older } = marked.turns;
    await db.run.update({ where: { id: 'run1' }, data: { scoreStats: { ...marked, turns: older } as never } });
    expect(await getRunTurnStats(db, 'run1')).toEqual(live);
    // A run going on again (errored results re-run) counts its verdicts as they are.
    await db.run.update({ where: { id: 'run1' }, data: { status: 'running' } });
    expect(await getRunTurnStats(db, 'run1')).toEqual(live);
    await db.run.update({ where: { id: 'run1' }, data: { status: 'completed', scoreStats: stored as object } });
  });
});
