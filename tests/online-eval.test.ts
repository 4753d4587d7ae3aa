import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient, getDb } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { createOnlineRule, deleteOnlineRule } from '@/lib/db/queries/online/online-rules';
import { compareRuns } from '@/lib/compare/compare-runs';
import { loadTrend } from '@/lib/compare/load-trend';
import { processPendingBatches } from '@/lib/ingest/process-batches';
import { createOfflineJudge } from '@/lib/judge/offline';
import type { Judge } from '@/lib/judge/types';
import { inSample, utcDay } from '@/lib/online/sample';
import { scoreClosedConversations } from '@/lib/online/score-closed-conversations';
import { migratedDatabase, providers } from './db/databases';
import { startApiServer } from './helpers/api-server';
import { attr, genAiChatAttributes, spanExport } from './helpers/otlp-json';

/*
 * Online evaluation: spans go through the ingest step into a live dataset; a rule's pass, with
 * its clock moved past the idle time, scores the closed conversations into the day's run.
 */

const MINUTE = 60_000;
const METRICS = ['conversation_relevancy', 'knowledge_retention'];
let span = 0;

/** One trace per turn: the user's question and the answer, labelled with the model version. */
async function send(db: Db, conversationId: string, turn: number, version = 'v1'): Promise<void> {
  span++;
  const attributes = [...genAiChatAttributes(conversationId, `Question ${turn} about my order ${conversationId}?`, `Your order ${conversationId} ships on day ${turn}.`), attr('app.model_version', version)];
  const body = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: span.toString(16).padStart(32, '0'), spanId: span.toString(16).padStart(16, '0'), start: Date.now() + turn, attributes }])));
  await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
}

/** The offline judge, each call priced at a cent (the cap needs a spend). */
function pricedJudge(): Judge {
  const offline = createOfflineJudge();
  return { kind: offline.kind, model: offline.model, usage: () => offline.usage(), call: async (request) => ({ ...(await offline.call(request)), costUsd: 0.01 }) };
}

const rule = (datasetId: string, extra: Partial<Parameters<typeof createOnlineRule>[2]> = {}) => ({
  name: 'prod',
  datasetIds: [datasetId],
  metrics: METRICS.map((name) => ({ name, options: {} })),
  judge: { kind: 'offline' as const },
  sampleRate: 100,
  idleMinutes: 5,
  dailyCapUsd: null,
  dailyCapCalls: null,
  dailyCapTokens: null,
  versionAttribute: 'app.model_version',
  enabled: true,
  ...extra,
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(providers)('online evaluation on %s', (provider) => {
  it('scores closed conversations into the day run, samples by conversation id, stops at the cap, supersedes on new turns', async () => {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    const ids = Array.from({ length: 8 }, (_, i) => `conv-${i}`);
    for (const id of ids) for (const turn of [1, 2]) await send(db, id, turn);
    await processPendingBatches(db, { env: {}, limit: 100 });
    const live = await db.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    const half = ids.filter((id) => inSample(id, 50));
    expect(half.length).toBeGreaterThan(0);
    expect(half.length).toBeLessThan(ids.length);

    const all = await createOnlineRule(db, 'default', rule(live.id), null);
    const sampled = await createOnlineRule(db, 'default', rule(live.id, { name: 'half', sampleRate: 50 }), null);
    const capped = await createOnlineRule(db, 'default', rule(live.id, { name: 'capped', dailyCapUsd: 0.0001 }), null);
    const judge = pricedJudge();
    const problems: string[] = [];
    cleanups.push(async () => expect(problems).toEqual([]));
    const pass = (now: Date) => scoreClosedConversations({ db, env: {}, now, judge, log: (m) => problems.push(m) });

    // Not yet idle for 5 minutes: nothing is scored.
    expect((await pass(new Date(Date.now() + 4 * MINUTE))).every((p) => p.scored === 0)).toBe(true);
    const later = new Date(Date.now() + 6 * MINUTE);
    const first = await pass(later);
    const of = (ruleId: string) => first.find((p) => p.ruleId === ruleId)!;
    expect(problems).toEqual([]);
    expect(of(all.id)).toMatchObject({ scored: 8, superseded: 0, capped: false });
    expect(of(sampled.id)).toMatchObject({ scored: half.length, unsampled: ids.length - half.length });
    // The cap: the first conversation is scored, its cost reaches the cap, the rest wait for the next UTC day.
    expect(of(capped.id)).toMatchObject({ scored: 1, capped: true });
    expect((await db.onlineRule.findUniqueOrThrow({ where: { id: capped.id } })).capReachedOn).toBe(utcDay(later));

    const dayRun = async (ruleId: string, day = utcDay(later)) => {
      const dataset = await db.dataset.findFirstOrThrow({ where: { onlineRuleId: ruleId, onlineDay: day }, select: { id: true, modelVersion: true, runs: { select: { id: true, status: true, modelVersion: true, totalItems: true, doneItems: true } } } });
      expect(dataset.runs).toHaveLength(1);
      return { datasetId: dataset.id, ...dataset.runs[0] };
    };
    const run = await dayRun(all.id);
    expect(run).toMatchObject({ status: 'completed', modelVersion: 'v1', totalItems: 16, doneItems: 16 });
    const results = await db.result.findMany({
      where: { runId: run.id },
      select: { metric: true, error: true, conversation: { select: { externalId: true, turnCount: true } }, verdicts: { select: { turnIndex: true } } },
    });
    expect(results).toHaveLength(ids.length * METRICS.length);
    expect(new Set(results.map((r) => `${r.conversation.externalId} ${r.metric}`)).size).toBe(16);
    for (const r of results) {
      expect(r.error).toBeNull();
      expect(r.conversation.turnCount).toBe(4);
      // Per-turn verdicts: conversation relevancy judges each answer (knowledge retention only turns with facts to keep).
      if (r.metric === 'conversation_relevancy') expect(r.verdicts.map((v) => v.turnIndex).sort()).toEqual([1, 3]);
    }
    const halfResults = await db.result.findMany({ where: { runId: (await dayRun(sampled.id)).id }, select: { conversation: { select: { externalId: true } } } });
    expect([...new Set(halfResults.map((r) => r.conversation.externalId))].sort()).toEqual([...half].sort());

    // A second pass finds nothing new; the capped rule stays paused for the day.
    expect((await pass(later)).map((p) => p.scored)).toEqual([0, 0, 0]);

    // conv-0 gets a third turn: scored again at 6 turns, its 4-turn result superseded, not current.
    await send(db, 'conv-0', 3, 'v2');
    await processPendingBatches(db, { env: {}, limit: 100 });
    const { lastActivityAt } = await db.conversation.findFirstOrThrow({ where: { datasetId: live.id, externalId: 'conv-0' }, select: { lastActivityAt: true } });
    expect((await pass(new Date(lastActivityAt!.getTime() + 4 * MINUTE))).find((p) => p.ruleId === all.id)?.scored).toBe(0);
    const again = await pass(new Date(lastActivityAt!.getTime() + 6 * MINUTE));
    expect(again.find((p) => p.ruleId === all.id)).toMatchObject({ scored: 1, superseded: 1 });
    const v2 = await db.dataset.findFirstOrThrow({ where: { onlineRuleId: all.id, modelVersion: 'v2', onlineDay: { not: 'superseded' } }, select: { runs: { select: { id: true, modelVersion: true } } } });
    const current = await db.result.findMany({ where: { runId: v2.runs[0].id }, select: { conversation: { select: { externalId: true, turnCount: true } } } });
    expect(current.map((r) => r.conversation)).toEqual(METRICS.map(() => ({ externalId: 'conv-0', turnCount: 6 })));
    const v1Now = await db.result.findMany({ where: { runId: run.id }, select: { conversation: { select: { externalId: true } } } });
    expect(v1Now).toHaveLength(14);
    expect(v1Now.some((r) => r.conversation.externalId === 'conv-0')).toBe(false);
    expect(await db.run.findUniqueOrThrow({ where: { id: run.id }, select: { doneItems: true, totalItems: true, status: true } })).toEqual({ doneItems: 14, totalItems: 14, status: 'completed' });
    const history = await dayRun(all.id, 'superseded');
    const old = await db.result.findMany({ where: { runId: history.id }, select: { conversation: { select: { externalId: true, turnCount: true } } } });
    expect(old.map((r) => r.conversation)).toEqual(METRICS.map(() => ({ externalId: 'conv-0', turnCount: 4 })));
    expect(await db.onlineScore.count({ where: { ruleId: all.id, externalId: 'conv-0', supersededAt: { not: null } } })).toBe(1);

    // Compare and trends read these runs: conversations pair by their id across rules and days.
    const report = await compareRuns(db, 'default', run.id, [(await dayRun(sampled.id)).id]);
    expect(half).not.toContain('conv-0'); // the half sample's day run is untouched by conv-0's new turn
    expect(report.candidates[0]).toMatchObject({ matched: half.length, baselineOnly: 7 - half.length, candidateOnly: 0 });
    expect(report.metrics.find((m) => m.metric === 'conversation_relevancy')?.candidates[0].pairs).toBe(half.length);
    const trend = await loadTrend(db, 'default', run.datasetId, { intervals: false });
    expect(trend.runs.map((r) => r.modelVersion).sort()).toEqual(['v1', 'v2']);
    expect(trend.values.conversation_relevancy.every((v) => v !== null && v.mean !== null)).toBe(true);

    // The next UTC day the capped rule resumes.
    const tomorrow = await pass(new Date(later.getTime() + 24 * 60 * MINUTE));
    expect(tomorrow.find((p) => p.ruleId === capped.id)).toMatchObject({ scored: 1, capped: true });

    // The rule's metrics change: the day's next conversations go to a new run of that day, the earlier run is left as it was.
    await db.onlineRule.update({ where: { id: all.id }, data: { metrics: [{ name: 'conversation_relevancy', options: {} }], scannedUntil: null } });
    for (const turn of [1, 2]) await send(db, 'conv-8', turn);
    await processPendingBatches(db, { env: {}, limit: 100 });
    const changedAt = new Date(Date.now() + 6 * MINUTE);
    expect((await pass(changedAt)).find((p) => p.ruleId === all.id)).toMatchObject({ scored: 1 });
    const today = await db.dataset.findMany({ where: { onlineRuleId: all.id, onlineDay: utcDay(changedAt), modelVersion: 'v1' }, orderBy: { createdAt: 'asc' }, select: { name: true, runs: { select: { id: true, metricSettings: true } } } });
    expect(today).toHaveLength(2);
    expect(today[1].name).toMatch(/ · from \d\d:\d\d UTC$/);
    expect(Object.keys(today[1].runs[0].metricSettings as object)).toEqual(['conversation_relevancy']);
    expect(await db.result.count({ where: { runId: today[1].runs[0].id } })).toBe(1);
    expect(await db.result.count({ where: { runId: run.id } })).toBe(14);

    // A deleted rule's runs stay, with every result; their datasets no longer name it.
    await deleteOnlineRule(db, 'default', all.id);
    expect(await db.result.count({ where: { runId: run.id } })).toBe(14);
    expect(await db.dataset.count({ where: { sourceFormat: 'online', onlineRuleId: null } })).toBe(4);
  }, 60_000);
});

describe('online rules over /api/v1', () => {
  type Routes = { rules: typeof import('../app/api/v1/online-rules/route'); rule: typeof import('../app/api/v1/online-rules/[id]/route') };
  let routes: Routes;
  let server: { stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    server = await startApiServer();
    routes = { rules: await import('../app/api/v1/online-rules/route'), rule: await import('../app/api/v1/online-rules/[id]/route') };
  });
  afterAll(async () => server?.stop());

  const BASE = 'http://localhost/api/v1';
  const send = (method: string, path: string, body: unknown) => new Request(`${BASE}${path}`, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const withId = (id: string) => ({ params: Promise.resolve({ id }) });

  it('refuses bad input naming the field, creates, pauses and audits a rule', async () => {
    const db = getDb();
    await send0(db);
    await processPendingBatches(db, { env: {}, limit: 10 });
    const live = await db.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    const good = { name: 'prod', datasetIds: [live.id], metrics: [{ name: 'conversation_relevancy' }], judge: { kind: 'offline' }, sampleRate: 100 };
    const { sampleRate: _unchosen, ...noSampleRate } = good;
    const bad: [unknown, string, RegExp][] = [
      // No silent 100 %: the share of conversations the judge scores is the user's to choose.
      [noSampleRate, 'sampleRate', /Choose a sample rate/],
      [{ ...good, sampleRate: 150 }, 'sampleRate', /at most 100/],
      [{ ...good, idleMinutes: 0 }, 'idleMinutes', /at least 1 minute/],
      [{ ...good, dailyCapUsd: -1 }, 'dailyCapUsd', /at least 0/],
      [{ ...good, datasetIds: ['nope'] }, 'datasetIds.0', /not a live/],
      [{ ...good, metrics: [{ name: 'no_such_metric' }] }, 'metrics.0', /unknown metric/],
      [{ ...good, metrics: [{ name: 'conversation_relevancy', options: { threshold: 2 } }] }, 'metrics.0.options.threshold', /./],
      [{ ...good, versionAttribute: 'has space' }, 'versionAttribute', /attribute key/],
      [{ ...good, colour: 'red' }, '', /colour/],
    ];
    for (const [body, field, message] of bad) {
      const response = await routes.rules.POST(send('POST', '/online-rules', body));
      expect(response.status, JSON.stringify(body)).toBe(400);
      const error = ((await response.json()) as { error: { field?: string; message: string } }).error;
      if (field) expect(error.field).toBe(field);
      expect(error.message).toMatch(message);
    }
    expect(await db.onlineRule.count()).toBe(0);

    const created = await routes.rules.POST(send('POST', '/online-rules', good));
    expect(created.status).toBe(201);
    const rule = (await created.json()) as { id: string; sampleRate: number; idleMinutes: number; enabled: boolean; capReached: boolean };
    expect(rule).toMatchObject({ sampleRate: 100, idleMinutes: 5, enabled: true, capReached: false });
    expect((await routes.rules.POST(send('POST', '/online-rules', good))).status).toBe(409);
    const paused = await routes.rule.PATCH(send('PATCH', `/online-rules/${rule.id}`, { enabled: false }), withId(rule.id));
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { enabled: boolean; name: string })).toMatchObject({ enabled: false, name: 'prod' });
    const badPatch = await routes.rule.PATCH(send('PATCH', `/online-rules/${rule.id}`, { sampleRate: 'lots' }), withId(rule.id));
    expect(((await badPatch.json()) as { error: { field: string } }).error.field).toBe('sampleRate');
    const got = (await (await routes.rule.GET(new Request(`${BASE}/online-rules/${rule.id}`), withId(rule.id))).json()) as { runs: unknown[]; enabled: boolean };
    expect(got).toMatchObject({ enabled: false, runs: [] });
    expect((await db.auditEvent.findMany({ orderBy: { createdAt: 'asc' }, select: { action: true } })).map((e) => e.action)).toEqual(['online-rule.create', 'online-rule.update']);
  });
});

async function send0(db: Db): Promise<void> {
  await send(db, 'api-conv', 1);
}
