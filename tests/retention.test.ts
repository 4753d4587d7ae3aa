import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT } from '../lib/identity/project';
import { listAudit } from '@/lib/auth/audit';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createOnlineRule } from '@/lib/db/queries/online/online-rules';
import { createRun } from '@/lib/db/queries/runs/create-run';
import type { Principal } from '@/lib/identity/principal';
import { saveDataset } from '@/lib/imports/save-dataset';
import { stopBoss } from '@/lib/jobs/pg-boss/boss';
import { processPendingBatches } from '@/lib/ingest/process-batches';
import { scoreClosedConversations } from '@/lib/online/score-closed-conversations';
import { applyRetention } from '@/lib/retention/apply-retention';
import { pruneProcessedBatches } from '@/lib/retention/otlp-default';
import { previewRetention } from '@/lib/retention/preview-retention';
import { describeKindPreview } from '@/lib/retention/retention-kinds';
import { setRetention } from '@/lib/retention/set-retention';
import { enqueueRun, executeRunChunk, runRequestSchema } from '@/lib/runs';
import { finishRun } from '@/lib/runs/lifecycle';
import { migratedDatabase, providers } from './db/databases';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';
import { storedAndCounted } from './helpers/stored-applicable-counts';

/*
 * Retention of a live dataset's data, on a clock moved 40 days on with every kind kept 30 days:
 * what the preview counts is what a pass deletes, and every number kept about what is left
 * (the dataset's counts, the runs' summaries and score vectors) covers what is left.
 */

const DAY = 86_400_000;
const ADMIN: Principal = { id: 'local', email: 'admin@example.com', name: 'Admin', role: 'admin', via: 'auth-off', instanceAdmin: true, project: DEFAULT_PROJECT };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let span = 0;
/** One trace per turn of `conversationId` from `service`, stored as a received batch. */
async function send(db: Db, service: string, conversationId: string, turn: number): Promise<void> {
  span++;
  const attributes = genAiChatAttributes(conversationId, `Question ${turn} about order ${conversationId}, mail me at a@b.example?`, `Order ${conversationId} ships on day ${turn}.`);
  const body = Buffer.from(JSON.stringify(spanExport(service, [{ traceId: span.toString(16).padStart(32, '0'), spanId: span.toString(16).padStart(16, '0'), start: Date.now() + turn, attributes }])));
  await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
}

async function replayOf(db: Db, sourceDatasetId: string, finishedAt: Date, name: string): Promise<{ replayId: string; datasetId: string }> {
  const version = await saveDataset(db, { projectId: 'default', name, sourceFormat: 'replay', conversations: [{ externalId: 'c0', turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] });
  const run = await createRun(db, { projectId: 'default', datasetId: version.id, modelVersion: name, judgeKind: 'offline', judgeName: null, judgeModel: 'offline', metricSettings: {}, concurrency: 1, totalItems: 0 });
  await db.run.update({ where: { id: run.id }, data: { status: 'completed', finishedAt: new Date() } });
  const replay = await db.replay.create({
    data: { projectId: 'default', sourceDatasetId, mode: 'teacher-forced', targetKind: 'openai', target: { kind: 'openai', model: 'm' }, parameters: {}, modelVersion: name, status: 'completed', finishedAt, datasetId: version.id },
  });
  await db.replayTurn.create({ data: { replayId: replay.id, position: 0, turnIndex: 1, sourceTurnId: 't', status: 'done', content: 'Hello' } });
  return { replayId: replay.id, datasetId: version.id };
}

describe.each(providers)('retention on %s', (provider) => {
  it('deletes exactly what its preview counted, and keeps every count about what is left right', { timeout: 60_000 }, async () => {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      // The user's run queued on PostgreSQL started this process's pg-boss on the database.
      await stopBoss(fresh.url);
      await db.$disconnect();
      await fresh.drop();
    });
    const env = { DATABASE_URL: fresh.url };
    const ids = ['c0', 'c1', 'c2', 'c3', 'c4', 'c5'];
    for (const id of ids) for (const turn of [1, 2]) await send(db, 'shop', id, turn);
    await send(db, 'other', 'x0', 1);
    await processPendingBatches(db, { env: {}, limit: 100 });
    const live = await db.dataset.findFirstOrThrow({ where: { name: 'Live: shop' }, select: { id: true } });
    const now = Date.now();
    const later = new Date(now + 40 * DAY);
    const young = new Date(now + 35 * DAY);
    const conversationOf = (externalId: string) => db.conversation.findFirstOrThrow({ where: { datasetId: live.id, externalId }, select: { id: true } });

    // Scored by an online rule (each a copy in the day's run) and by a run of the user's on the live dataset.
    const rule = await createOnlineRule(
      db, 'default',
      { name: 'prod', datasetIds: [live.id], metrics: [{ name: 'conversation_relevancy', options: {} }, { name: 'knowledge_retention', options: {} }], judge: { kind: 'offline' }, sampleRate: 100, idleMinutes: 5, dailyCapUsd: null, dailyCapCalls: null, dailyCapTokens: null, versionAttribute: null, enabled: true },
      null,
    );
    const problems: string[] = [];
    await scoreClosedConversations({ db, env: {}, now: new Date(now + 6 * 60_000), log: (m) => problems.push(m) });
    expect(problems).toEqual([]);
    expect(await db.onlineScore.count()).toBe(6);
    const request = runRequestSchema.parse({ datasetId: live.id, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'offline' }, concurrency: 1 });
    const { runId: userRun } = await enqueueRun(db, 'default', request, env);
    await executeRunChunk({ db, env, runId: userRun });
    await finishRun(db, userRun);
    expect((await db.run.findUniqueOrThrow({ where: { id: userRun } })).doneItems).toBe(6);
    const oldReplay = await replayOf(db, live.id, new Date(now), 'v-old');
    const youngReplay = await replayOf(db, live.id, young, 'v-young');

    // c4 and c5 were active lately, c5 scored lately, one body of the shop processed lately.
    await db.conversation.updateMany({ where: { datasetId: live.id, externalId: { in: ['c4', 'c5'] } }, data: { lastActivityAt: young } });
    await db.onlineScore.updateMany({ where: { externalId: 'c5' }, data: { createdAt: young } });
    const shopBodies = await db.otlpBatch.findMany({ where: { services: { some: { service: 'shop' } } }, select: { id: true } });
    expect(shopBodies).toHaveLength(12);
    await db.otlpBatch.update({ where: { id: shopBodies[0].id }, data: { processedAt: young } });

    await setRetention(db, ADMIN, live.id, { keepOtlpDays: 30, keepConversationsDays: 30, keepOnlineRunsDays: 30, keepReplayOutputsDays: 30 });
    const preview = await previewRetention(db, 'default', live.id, { keepOtlpDays: 30, keepConversationsDays: 30, keepOnlineRunsDays: 30, keepReplayOutputsDays: 30 }, {}, later);
    const shown = Object.fromEntries(preview.kinds.map((k) => [k.key, k.now]));
    expect(shown).toEqual({ keepOtlpDays: 11, keepConversationsDays: 4, keepOnlineRunsDays: 5, keepReplayOutputsDays: 1 });
    expect(describeKindPreview(preview.kinds[1], 24)).toBe('Saving this deletes 4 conversations last active more than 30 days ago now; none more each day at the current rate (none in the last 7 days).');

    const c0Before = await conversationOf('c0');
    const { finishedAt: userRunEnded } = await db.run.findUniqueOrThrow({ where: { id: userRun }, select: { finishedAt: true } });
    const [outcome] = await applyRetention(db, { now: later });
    expect(Object.fromEntries(Object.entries(outcome.kinds).map(([key, kind]) => [key, kind!.deleted]))).toEqual(shown);

    // The bodies: the shop's own setting deleted its 11; the server's default took only the other service's body.
    expect(await db.otlpBatch.count({ where: { services: { some: { service: 'shop' } } } })).toBe(1);
    expect(await pruneProcessedBatches(db, {}, later, [{ projectId: 'default', service: 'shop' }])).toBe(1);
    expect(await db.otlpBatch.count()).toBe(1);

    // The live dataset: c4 and c5 left, its counts those of what is left, the facts of the others gone.
    const left = await db.conversation.findMany({ where: { datasetId: live.id }, select: { externalId: true, turnCount: true } });
    expect(left.map((c) => c.externalId).sort()).toEqual(['c4', 'c5']);
    const dataset = await db.dataset.findUniqueOrThrow({ where: { id: live.id }, select: { conversationCount: true, turnCount: true } });
    expect(dataset).toEqual({ conversationCount: 2, turnCount: left.reduce((n, c) => n + c.turnCount, 0) });
    const counts = await storedAndCounted(db, live.id);
    expect(counts.stored).toEqual(counts.counted);
    expect(await db.otelTrace.count({ where: { conversationId: { in: ['c0', 'c1', 'c2', 'c3'] } } })).toBe(0);
    expect(await db.otelTrace.count({ where: { conversationId: { in: ['c4', 'c5'] } } })).toBe(4);
    expect(await db.turn.count({ where: { conversationId: c0Before.id } })).toBe(0);

    // The user's run: recounted and closed again over the two conversations left.
    const run = await db.run.findUniqueOrThrow({ where: { id: userRun }, include: { scoreVector: { select: { size: true } } } });
    expect(run).toMatchObject({ status: 'completed', doneItems: 2, totalItems: 2 });
    expect((run.summary as Record<string, { count: number }>).conversation_relevancy.count).toBe(2);
    expect(run.scoreVector?.size).toBe(2);
    // Closed again, not ended again: when it ended stays (lists and trends order by it).
    expect(run.finishedAt).toEqual(userRunEnded);

    // The online run: only c5's copy is left in it, its numbers and vector say so.
    const online = await db.dataset.findMany({ where: { onlineRuleId: rule.id }, select: { conversationCount: true, conversations: { select: { externalId: true } }, runs: { include: { scoreVector: { select: { size: true } } } } } });
    expect(online).toHaveLength(1);
    expect(online[0].conversations.map((c) => c.externalId)).toEqual(['c5']);
    expect(online[0].conversationCount).toBe(1);
    expect(online[0].runs[0]).toMatchObject({ status: 'completed', doneItems: 2, totalItems: 2 });
    expect(online[0].runs[0].scoreVector?.size).toBe(1);
    expect(await db.onlineScore.count()).toBe(1);

    // The replays: the old one with its version and that version's run gone, the young one kept.
    expect(await db.replay.findUnique({ where: { id: oldReplay.replayId } })).toBeNull();
    expect(await db.dataset.findUnique({ where: { id: oldReplay.datasetId } })).toBeNull();
    expect(await db.replayTurn.count({ where: { replayId: oldReplay.replayId } })).toBe(0);
    expect(await db.replay.findUnique({ where: { id: youngReplay.replayId } })).not.toBeNull();
    expect(await db.run.count({ where: { datasetId: youngReplay.datasetId } })).toBe(1);

    // Nothing more goes at the same time; the preview says so.
    const again = await previewRetention(db, 'default', live.id, { keepOtlpDays: 30, keepConversationsDays: 30, keepOnlineRunsDays: 30, keepReplayOutputsDays: 30 }, {}, later);
    expect(again.kinds.map((k) => k.now)).toEqual([0, 0, 0, 0]);
    const [second] = await applyRetention(db, { now: later });
    expect(Object.values(second.kinds).map((k) => k!.deleted)).toEqual([0, 0, 0, 0]);

    // A late span of a deleted conversation starts it afresh: its old turns do not come back.
    await send(db, 'shop', 'c0', 3);
    await processPendingBatches(db, { env: {}, limit: 100 });
    expect((await db.conversation.findFirstOrThrow({ where: { datasetId: live.id, externalId: 'c0' }, select: { turnCount: true } })).turnCount).toBe(2);

    const [entry] = (await listAudit(db)).filter((e) => e.action === 'retention.set');
    expect(entry).toMatchObject({ targetId: live.id, actorEmail: ADMIN.email });
    expect(entry.detail).toBe('shop: received otlp bodies: kept → 30 days; live conversations: kept → 30 days; runs of online rules: kept → 30 days; replay outputs: kept → 30 days');
  });

  it('refuses a setting only an admin may make, on a dataset that is not live, or out of range', async () => {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    await send(db, 'shop', 'c0', 1);
    await processPendingBatches(db, { env: {}, limit: 10 });
    const live = await db.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    const uploaded = await saveDataset(db, { projectId: 'default', name: 'up', sourceFormat: 'turnwise', conversations: [{ turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] });
    await expect(setRetention(db, { ...ADMIN, role: 'editor' }, live.id, { keepConversationsDays: 30 })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(setRetention(db, ADMIN, uploaded.id, { keepConversationsDays: 30 })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(setRetention(db, ADMIN, live.id, { keepConversationsDays: 0 })).rejects.toMatchObject({ code: 'BAD_INPUT', message: 'Live conversations: at least 1 day', details: { field: 'keepConversationsDays' } });
    await expect(setRetention(db, ADMIN, live.id, { keepConversationsDays: 2.5 })).rejects.toMatchObject({ details: { field: 'keepConversationsDays' } });
    expect(await db.liveDataset.findFirstOrThrow({ select: { keepConversationsDays: true } })).toEqual({ keepConversationsDays: null });
    expect((await listAudit(db)).filter((e) => e.action === 'retention.set')).toEqual([]);
  });
});
