import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT } from '../lib/identity/project';
import { applyObservation } from '@/lib/alerts/apply-observation';
import { deliverDueAlerts } from '@/lib/alerts/delivery/deliver-due';
import { evaluateSignals, sweepAlerts } from '@/lib/alerts/evaluate';
import { onOnlinePass, onRunClosed } from '@/lib/alerts';
import { activeRules } from '@/lib/alerts/observation';
import { createAlert, deleteAlert, updateAlert } from '@/lib/alerts/rules';
import { sendTestAlert } from '@/lib/alerts/send-test';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { listAlertRules } from '@/lib/db/queries/alerts/alert-rules';
import { createOnlineRule, markCapReached } from '@/lib/db/queries/online/online-rules';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { saveDataset } from '@/lib/imports/save-dataset';
import { LOCAL_PRINCIPAL, type Principal } from '@/lib/identity/principal';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { startAlertReceiver } from './helpers/alert-receiver';

/*
 * How alerts are delivered: the egress policy where the URL is set and where it is called, no
 * redirect followed elsewhere, retries with back-off and a give-up, the test button, the audit
 * log, and one delivery per crossing when two workers share a PostgreSQL database.
 */

const ENV = { TURNWISE_URL: 'https://evals.example.com', TURNWISE_SECRET: 'alerts-test-secret-0123456789abcdef0123', TURNWISE_ALERT_RETRY_MS: '1' };
const EDITOR: Principal = { id: 'editor-1', email: 'ed@example.com', name: 'Ed', role: 'editor', via: 'session', instanceAdmin: false, project: DEFAULT_PROJECT };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(provider: 'sqlite' | 'postgres' = 'sqlite') {
  const fresh = await migratedDatabase(provider);
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'Support', sourceFormat: 'turnwise', conversations: [{ turns: [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }] }] });
  return { db, url: fresh.url, datasetId: dataset.id };
}

async function receiver(options: Parameters<typeof startAlertReceiver>[0] = {}) {
  const server = await startAlertReceiver(options);
  cleanups.push(() => server.close());
  return server;
}

const failureRule = (datasetId: string, url: string, extra: Record<string, unknown> = {}) => ({ name: 'Runs failing', condition: { kind: 'failure', of: 'runs', datasetId }, destination: { kind: 'webhook', url }, ...extra });

/** A run on the dataset that fails, through the one close path: a signal for the alerts lane. */
async function failedRun(db: Db, datasetId: string): Promise<string> {
  const run = await createRun(db, { projectId: 'default', datasetId, judgeKind: 'offline', judgeModel: 'offline', metricSettings: {}, concurrency: 1, totalItems: 0, status: 'running' });
  const { failRun } = await import('@/lib/runs/lifecycle');
  await failRun(db, run.id, 'boom');
  return run.id;
}

const deliver = (db: Db, env: Record<string, string> = ENV, extra: Partial<Parameters<typeof deliverDueAlerts>[0]> = {}) => deliverDueAlerts({ db, env, log: () => undefined, workerId: 'w1', ...extra });

describe('the egress policy', () => {
  it('refuses an editor’s loopback URL on a team server, naming the field, and stores nothing', async () => {
    const { db, datasetId } = await setup();
    const hook = await receiver();
    const error = await createAlert(db, EDITOR, failureRule(datasetId, hook.url), { ...ENV, TURNWISE_BIND: '0.0.0.0' }).catch((e: Error) => e);
    expect(error).toMatchObject({ code: 'BAD_INPUT', details: { field: 'destination.url', setting: 'TURNWISE_EGRESS_PRIVATE' } });
    expect((error as Error).message).toMatch(/^destination\.url: 127\.0\.0\.1 is a loopback address: on this server a URL an editor sets may not reach loopback or private addresses/);
    expect(await db.alertRule.count()).toBe(0);
    // Listed by an admin in TURNWISE_EGRESS_ALLOW, it may.
    await createAlert(db, EDITOR, failureRule(datasetId, hook.url), { ...ENV, TURNWISE_BIND: '0.0.0.0', TURNWISE_EGRESS_ALLOW: '127.0.0.1' });
    expect(await db.alertRule.count()).toBe(1);
  });

  it('refuses at delivery a host that resolves to a metadata address, before any connection and without retrying', async () => {
    const { db, datasetId } = await setup();
    const hook = await receiver();
    await createAlert(db, LOCAL_PRINCIPAL, failureRule(datasetId, hook.url.replace('127.0.0.1', 'localhost')), ENV);
    await failedRun(db, datasetId);
    await evaluateSignals({ db, log: () => undefined });
    await deliver(db, ENV, { lookup: async () => [{ address: '169.254.169.254', family: 4 }] });
    expect(hook.calls).toHaveLength(0);
    const [event] = await db.alertEvent.findMany({ select: { delivery: true, attempts: true, lastError: true } });
    expect(event).toMatchObject({ delivery: 'failed', attempts: 1 });
    expect(event.lastError).toMatch(/localhost resolves to 169\.254\.169\.254, a link-local address: requests there are refused/);
  });

  it('follows no redirect to another origin', async () => {
    const { db, datasetId } = await setup();
    const other = await receiver();
    const hook = await receiver({ answer: () => ({ status: 307, headers: { location: `${other.url}/stolen` } }) });
    await createAlert(db, LOCAL_PRINCIPAL, failureRule(datasetId, hook.url), ENV);
    await failedRun(db, datasetId);
    await evaluateSignals({ db, log: () => undefined });
    await deliver(db);
    expect(hook.calls).toHaveLength(1);
    expect(other.calls).toHaveLength(0);
    expect((await db.alertEvent.findFirstOrThrow({ select: { lastError: true, delivery: true } })).lastError).toMatch(/redirected \(307\) to another origin, http:\/\/127\.0\.0\.1:\d+: not followed/);
  });
});

describe('delivery', () => {
  it('tries again with back-off after a 503 and gives up on a 404 at once', async () => {
    const { db, datasetId } = await setup();
    const flaky = await receiver({ answer: (_call, i) => ({ status: i < 2 ? 503 : 200 }) });
    const gone = await receiver({ answer: () => ({ status: 404 }) });
    await createAlert(db, LOCAL_PRINCIPAL, failureRule(datasetId, flaky.url), ENV);
    await createAlert(db, LOCAL_PRINCIPAL, failureRule(datasetId, gone.url, { name: 'Gone' }), ENV);
    await failedRun(db, datasetId);
    await evaluateSignals({ db, log: () => undefined });
    const lines: string[] = [];
    for (let tick = 0; tick < 3; tick++) {
      await deliver(db, ENV, { log: (line) => lines.push(line) });
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(flaky.calls).toHaveLength(3);
    // Every attempt is the same alert: a receiver drops repeats by its id.
    expect(new Set(flaky.calls.map((c) => c.body.id)).size).toBe(1);
    expect(gone.calls).toHaveLength(1);
    const events = await db.alertEvent.findMany({ select: { rule: { select: { name: true } }, delivery: true, attempts: true, lastStatus: true, lastError: true } });
    expect(events.find((e) => e.rule.name === 'Runs failing')).toMatchObject({ delivery: 'delivered', attempts: 3, lastStatus: 200 });
    expect(events.find((e) => e.rule.name === 'Gone')).toMatchObject({ delivery: 'failed', attempts: 1, lastStatus: 404, lastError: 'HTTP 404: no such path at the destination (a removed webhook?) (refused)' });
    expect(lines.join('\n')).toMatch(/not delivered to http:\/\/127\.0\.0\.1:\d+\/…\d{4}: HTTP 503: server error at the destination \(refused\); attempt 2 in 0 s/);
  });

  it('sends a test from the button, once, and keeps it in the history; every change is in the audit log', async () => {
    const { db, datasetId } = await setup();
    const hook = await receiver();
    const rule = await createAlert(db, EDITOR, failureRule(datasetId, hook.url, { destination: { kind: 'webhook', url: hook.url, secret: 'whsec-0123456789' } }), ENV);
    expect(rule).toMatchObject({ urlHint: `${hook.url}/…${hook.url.slice(-4)}`, secretLastFour: '6789', urlSetBy: 'editor' });
    const outcome = await sendTestAlert(db, EDITOR, rule.id, ENV);
    expect(outcome).toMatchObject({ delivered: true, status: 200, error: null });
    expect(hook.calls).toHaveLength(1);
    expect(hook.calls[0].body).toMatchObject({ state: 'firing', test: true, link: `https://evals.example.com/alerts/${rule.id}` });
    expect(hook.calls[0].headers['x-turnwise-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    // No worker sends it again.
    await deliver(db);
    expect(hook.calls).toHaveLength(1);
    expect(await db.alertEvent.findMany({ select: { state: true, delivery: true, attempts: true } })).toEqual([{ state: 'test', delivery: 'delivered', attempts: 1 }]);

    // A change that keeps the URL keeps the secret; a URL to another origin needs the secret again.
    await updateAlert(db, EDITOR, rule.id, { enabled: false }, ENV);
    expect(await db.alertRule.findUniqueOrThrow({ where: { id: rule.id }, select: { secretLastFour: true, enabled: true } })).toEqual({ secretLastFour: '6789', enabled: false });
    const other = await receiver();
    const moved = await updateAlert(db, EDITOR, rule.id, { destination: { url: other.url } }, ENV).catch((e: Error) => e);
    expect(moved).toMatchObject({ code: 'BAD_INPUT', details: { field: 'destination.secret' } });
    // Someone else's rule is not an editor's to change.
    await expect(updateAlert(db, { ...EDITOR, id: 'editor-2' }, rule.id, { enabled: true }, ENV)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await deleteAlert(db, EDITOR, rule.id);
    const audit = await db.auditEvent.findMany({ orderBy: { createdAt: 'asc' }, select: { action: true, targetId: true, actorEmail: true } });
    expect(audit.map((a) => a.action)).toEqual(['alert.create', 'alert.test', 'alert.update', 'alert.delete']);
    expect(audit.every((a) => a.targetId === rule.id && a.actorEmail === 'ed@example.com')).toBe(true);
  });

  it('fires when an online rule reaches its daily cap, and resolves on the next UTC day', async () => {
    const { db, datasetId } = await setup();
    const hook = await receiver();
    const online = await createOnlineRule(db, 'default', { name: 'prod', datasetIds: [datasetId], metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'offline' }, sampleRate: 100, idleMinutes: 5, dailyCapUsd: 5, dailyCapCalls: null, dailyCapTokens: null, versionAttribute: null, enabled: true }, null);
    await createAlert(db, LOCAL_PRINCIPAL, { name: 'Cap', condition: { kind: 'judge_cost', onlineRuleId: online.id }, destination: { kind: 'webhook', url: hook.url } }, ENV);
    const today = new Date().toISOString().slice(0, 10);
    await markCapReached(db, online.id, today);
    await onOnlinePass(db, online.id);
    await evaluateSignals({ db, log: () => undefined });
    await deliver(db);
    expect(hook.calls.map((c) => c.body.state)).toEqual(['firing']);
    expect(hook.calls[0].body).toMatchObject({ link: `https://evals.example.com/online/${online.id}`, scope: `online-rule:${online.id}` });
    expect(hook.calls[0].body.summary).toMatch(/^Online rule "prod" reached its daily cap \(\$5\) on \d{4}-\d\d-\d\d/);
    // The sweep a day later: a new UTC day, the cap no longer reached.
    await sweepAlerts({ db, log: () => undefined, now: () => new Date(Date.now() + 24 * 3_600_000) });
    await deliver(db);
    expect(hook.calls.map((c) => c.body.state)).toEqual(['firing', 'resolved']);
  });
});

describe.skipIf(!TEST_POSTGRES_URL)('two workers on PostgreSQL', () => {
  it('deliver each crossing once, however many times they both look at it', { timeout: 60_000 }, async () => {
    const { db, url, datasetId } = await setup('postgres');
    const other = createDbClient(url);
    cleanups.push(() => other.$disconnect());
    // A slow receiver: one worker looks while the other is still sending.
    const hook = await receiver({ delayMs: 100 });
    await createAlert(db, LOCAL_PRINCIPAL, failureRule(datasetId, hook.url), ENV);
    const workers = [
      { db, workerId: 'worker-a' },
      { db: other, workerId: 'worker-b' },
    ];
    // Ten scopes crossing, each judged by both workers at the same moment (as two workers that
    // each took a signal about it would): one alert each.
    const [rule] = activeRules(await listAlertRules(db, 'default'), () => undefined);
    const crossing = (i: number) => ({ rule, scopeKey: `runs:dataset-${i}`, firing: true, value: null, summary: `Run ${i} failed`, link: `/runs/run-${i}`, details: {} });
    await Promise.all(Array.from({ length: 10 }, (_, i) => workers.map((w) => applyObservation(w.db, crossing(i)))).flat());
    // And a real failed run, told twice (its close, and again), its signals taken by both workers at once.
    const runId = await failedRun(db, datasetId);
    await onRunClosed(db, runId);
    await Promise.all(workers.map((w) => evaluateSignals({ db: w.db, log: () => undefined })));
    expect(await db.alertEvent.count()).toBe(11);
    for (let round = 0; round < 3; round++) await Promise.all(workers.map((w) => deliverDueAlerts({ db: w.db, env: ENV, log: () => undefined, workerId: w.workerId })));
    expect(hook.calls).toHaveLength(11);
    expect(new Set(hook.calls.map((c) => c.body.id)).size).toBe(11);
    expect(hook.calls.filter((c) => c.body.link === `https://evals.example.com/runs/${runId}`)).toHaveLength(1);
    expect(await db.alertEvent.groupBy({ by: ['delivery', 'attempts'], _count: { _all: true } })).toEqual([{ delivery: 'delivered', attempts: 1, _count: { _all: 11 } }]);
    expect(await db.alertState.count({ where: { state: 'firing', crossings: 1 } })).toBe(11);
  });
});
