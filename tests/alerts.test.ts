import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { deliverDueAlerts } from '@/lib/alerts/delivery/deliver-due';
import { evaluateSignals } from '@/lib/alerts/evaluate';
import { createAlert } from '@/lib/alerts/rules';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { createOnlineRule } from '@/lib/db/queries/online/online-rules';
import { createRun } from '@/lib/db/queries/runs/create-run';
import { LOCAL_PRINCIPAL } from '@/lib/identity/principal';
import { processPendingBatches } from '@/lib/ingest/process-batches';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import { scoreClosedConversations } from '@/lib/online/score-closed-conversations';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { executeRunChunk } from '@/lib/runs';
import { failRun, finishRun } from '@/lib/runs/lifecycle';
import { recomputeEndedRun } from '@/lib/runs/lifecycle/recompute-run';
import { migratedDatabase, providers } from './db/databases';
import { startAlertReceiver, type ReceivedCall } from './helpers/alert-receiver';
import { genAiChatAttributes, spanExport } from './helpers/otlp-json';

/*
 * Alerts end to end against a webhook receiver on 127.0.0.1: the features' hooks record signals,
 * the alerts lane's two steps (evaluation, delivery) are run as the worker runs them, and what
 * reaches the receiver is checked as a receiver would check it (the documented signature).
 */

const SECRET = 'whsec-test-0123456789abcdef';
const ENV = { TURNWISE_URL: 'https://evals.example.com/', TURNWISE_SECRET: 'alerts-test-secret-0123456789abcdef0123' };
const MINUTE = 60_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let databaseUrl = '';
async function setup(provider: (typeof providers)[number]): Promise<Db> {
  const fresh = await migratedDatabase(provider);
  const db = createDbClient(fresh.url);
  databaseUrl = fresh.url;
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  return db;
}

async function receiver(options: Parameters<typeof startAlertReceiver>[0] = {}) {
  const server = await startAlertReceiver(options);
  cleanups.push(() => server.close());
  return server;
}

/** The check docs/alerts.md tells a receiver to make: HMAC-SHA256 of "<timestamp>.<raw body>", and a timestamp within 5 minutes. */
function verifySignature(call: ReceivedCall, secret: string): boolean {
  const timestamp = Number(call.headers['x-turnwise-timestamp']);
  const signature = String(call.headers['x-turnwise-signature'] ?? '');
  if (!Number.isFinite(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) return false;
  const expected = `v1=${createHmac('sha256', secret).update(`${timestamp}.${call.raw}`).digest('hex')}`;
  return signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected));
}

/** What the alerts lane does at a tick: evaluate the recorded signals, deliver what is due. */
async function alertTick(db: Db, log: string[] = []) {
  await evaluateSignals({ db, log: (line) => log.push(line) });
  await deliverDueAlerts({ db, env: ENV, log: (line) => log.push(line), workerId: 'worker-a' });
}

let span = 0;
/** One conversation of one exchange sent as a span; a "bad" answer has nothing to do with the question. */
async function sendConversation(db: Db, id: string, good: boolean): Promise<void> {
  span++;
  const answer = good ? `Your order ${id} ships on Monday.` : 'Bananas are a yellow fruit rich in potassium.';
  const body = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: span.toString(16).padStart(32, '0'), spanId: span.toString(16).padStart(16, '0'), start: Date.now(), attributes: genAiChatAttributes(id, `Where is my order ${id}?`, answer) }])));
  await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
}

describe.each(providers)('an online rule’s pass rate on %s', (provider) => {
  it('below its alert sends one signed call with the link, and one more only after it recovered and fell again', { timeout: 120_000 }, async () => {
    const db = await setup(provider);
    const hook = await receiver();
    const log: string[] = [];
    let n = 0;
    /** Conversations scored by the online rule's pass (its clock moved past their idle time), then an alerts tick. */
    const pass = async (...goods: boolean[]) => {
      for (const good of goods) await sendConversation(db, `c${++n}`, good);
      await processPendingBatches(db, { env: {}, limit: 100 });
      await scoreClosedConversations({ db, env: {}, now: new Date(Date.now() + 6 * MINUTE) });
      await alertTick(db, log);
    };
    await sendConversation(db, 'c0', true);
    await processPendingBatches(db, { env: {}, limit: 100 });
    const live = await db.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    const online = await createOnlineRule(
      db, 'default',
      { name: 'prod', datasetIds: [live.id], metrics: [{ name: 'conversation_relevancy', options: {} }], judge: { kind: 'offline' }, sampleRate: 100, idleMinutes: 5, dailyCapUsd: null, dailyCapCalls: null, dailyCapTokens: null, versionAttribute: null, enabled: true },
      null,
    );
    const alert = await createAlert(
      db,
      LOCAL_PRINCIPAL,
      {
        name: 'Relevancy dropped',
        condition: { kind: 'online_window', onlineRuleId: online.id, metric: 'conversation_relevancy', passRateBelow: 60, window: 'conversations', size: 4, minCount: 3 },
        destination: { kind: 'webhook', url: `${hook.url}/hooks/turnwise`, secret: SECRET },
      },
      ENV,
    );
    const firings = () => hook.calls.filter((c) => c.body.state === 'firing');

    // c0 good, c1 bad: two scored, under the minimum count of three: nobody is paged.
    await pass(false);
    expect(hook.calls).toHaveLength(0);
    // Two more bad: 1 of 4 passes (25 %): one signed call.
    await pass(false, false);
    expect(firings()).toHaveLength(1);
    const [call] = hook.calls;
    expect(verifySignature(call, SECRET)).toBe(true);
    expect(verifySignature({ ...call, raw: call.raw.replace('firing', 'resolved') }, SECRET)).toBe(false);
    expect(call.path).toBe('/hooks/turnwise');
    expect(call.headers['x-turnwise-delivery']).toBe(call.body.id);
    const dayRun = await db.run.findFirstOrThrow({ where: { dataset: { onlineRuleId: online.id, onlineDay: { not: 'superseded' } } }, select: { id: true } });
    expect(call.body).toMatchObject({
      version: 1,
      state: 'firing',
      test: false,
      alert: { id: alert.id, name: 'Relevancy dropped', kind: 'online_window', page: `https://evals.example.com/alerts/${alert.id}` },
      scope: `online-rule:${online.id}`,
      crossing: 1,
      value: 25,
      link: `https://evals.example.com/runs/${dayRun.id}`,
    });
    expect(call.body.summary).toMatch(/Pass rate of conversation relevancy 25 % over the last 4 scored conversations of online rule "prod" \(below 60 %\)/);
    const failing = (call.body.details as { failing: { link: string }[] }).failing;
    expect(failing).toHaveLength(3);
    expect(failing[0].link).toMatch(new RegExp(`^/runs/${dayRun.id}/conversations/\\w+\\?turn=1#turn-1$`));

    // Still below: nothing more.
    await pass(false);
    expect(hook.calls).toHaveLength(1);
    // Four good ones: 100 % over the window, it recovers (a resolution, not a firing).
    await pass(true, true, true, true);
    expect(hook.calls.map((c) => c.body.state)).toEqual(['firing', 'resolved']);
    expect(verifySignature(hook.calls[1], SECRET)).toBe(true);
    // And falls again: a second firing, crossing 2.
    await pass(false, false, false);
    expect(firings()).toHaveLength(2);
    expect(firings()[1].body).toMatchObject({ crossing: 2, value: 25 });
    const history = await db.alertEvent.findMany({ where: { ruleId: alert.id }, orderBy: { createdAt: 'asc' }, select: { state: true, delivery: true, attempts: true, lastStatus: true } });
    expect(history).toEqual([
      { state: 'firing', delivery: 'delivered', attempts: 1, lastStatus: 200 },
      { state: 'resolved', delivery: 'delivered', attempts: 1, lastStatus: 200 },
      { state: 'firing', delivery: 'delivered', attempts: 1, lastStatus: 200 },
    ]);
    // The worker's lines name the destination by its origin and last four characters, never its whole URL or the secret.
    expect(log.join('\n')).toContain(`delivered to ${hook.url}/…wise`);
    expect(log.join('\n')).not.toContain('/hooks/turnwise');
    expect(log.join('\n')).not.toContain(SECRET);
    expect(await db.alertSignal.count()).toBe(0);
  });
});

/** The scripted judge of conversation relevancy: every reply relevant, or (`bad`) none. */
const judgeOf = (bad: boolean) =>
  createScriptedJudge({
    'conversation_relevancy.relevance': () => (bad ? { verdict: 'no', reason: 'Off topic.' } : { verdict: 'yes', reason: 'On topic.' }),
    reason: () => ({ reason: 'Scripted.' }),
  });

const conversations = Array.from({ length: 12 }, (_, i) => ({ externalId: `q${i}`, turns: [{ role: 'user' as const, content: `Question ${i}?` }, { role: 'assistant' as const, content: `Answer ${i}.` }] }));

/** Another run on the same dataset, scored by `judge` and closed through the one close path. */
async function runAgain(db: Db, datasetId: string, metricSettings: Record<string, Record<string, unknown>>, bad: boolean): Promise<string> {
  const judge = judgeOf(bad);
  const run = await createRun(db, { projectId: 'default', datasetId, judgeKind: judge.kind, judgeModel: judge.model, metricSettings, concurrency: 2, totalItems: conversations.length, status: 'running' });
  await executeRunChunk({ db, env: {}, runId: run.id, range: { from: 0, to: conversations.length }, judge });
  await finishRun(db, run.id);
  return run.id;
}

describe('alerts on runs', () => {
  it('fire once for a run that regresses against its baseline, and once more only after it recovered', { timeout: 60_000 }, async () => {
    const db = await setup('sqlite');
    const hook = await receiver();
    const first = await recordEvaluation(db, { dataset: { projectId: 'default', name: 'Support', sourceFormat: 'turnwise', conversations }, metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }], judge: judgeOf(false), judgeName: null, concurrency: 2 });
    const { metricSettings } = await db.run.findUniqueOrThrow({ where: { id: first.runId }, select: { metricSettings: true } });
    const settings = metricSettings as Record<string, Record<string, unknown>>;
    const condition = { kind: 'run_result', datasetId: first.datasetId, metric: 'conversation_relevancy', check: 'regression' };
    const previous = await createAlert(db, LOCAL_PRINCIPAL, { name: 'vs the run before', condition, destination: { kind: 'webhook', url: hook.url } }, ENV);
    const pinned = await createAlert(db, LOCAL_PRINCIPAL, { name: 'vs the first run', condition: { ...condition, baselineRunId: first.runId }, destination: { kind: 'webhook', url: hook.url } }, ENV);
    await alertTick(db);
    expect(hook.calls).toHaveLength(0);

    const second = await runAgain(db, first.datasetId, settings, true);
    await alertTick(db);
    const of = (ruleId: string) => hook.calls.filter((c) => (c.body.alert as { id: string }).id === ruleId);
    expect(of(previous.id).map((c) => c.body.state)).toEqual(['firing']);
    expect(of(pinned.id).map((c) => c.body.state)).toEqual(['firing']);
    expect(of(previous.id)[0].body).toMatchObject({ link: `https://evals.example.com/compare?baseline=${first.runId}&candidate=${second}`, scope: `dataset:${first.datasetId}`, value: -1 });
    expect(of(previous.id)[0].body.summary).toMatch(/conversation relevancy fell by 1 \(95 % interval -1 to -1\) in run \w+ on "Support" against run /);
    // Unsigned without a secret.
    expect(of(previous.id)[0].headers['x-turnwise-signature']).toBeUndefined();

    // A third bad run: still regressed against the first (no second alert); no regression against the second (it recovers).
    await runAgain(db, first.datasetId, settings, true);
    await alertTick(db);
    expect(of(pinned.id).map((c) => c.body.state)).toEqual(['firing']);
    expect(of(previous.id).map((c) => c.body.state)).toEqual(['firing', 'resolved']);
    // Retention recomputing an ended run closes it again: the rules are not told of it twice.
    expect(await recomputeEndedRun(db, second)).toBe(true);
    expect(await db.alertSignal.count()).toBe(0);
  });

  it('fire on a failed run, in the alerts lane the worker runs, with a Slack message that reads well', { timeout: 60_000 }, async () => {
    const db = await setup('sqlite');
    const hook = await receiver();
    const slack = await receiver();
    const dataset = await recordEvaluation(db, { dataset: { projectId: 'default', name: 'Support <beta> & co', sourceFormat: 'turnwise', conversations }, metrics: [{ name: 'conversation_relevancy', options: {} }], judge: judgeOf(false), judgeName: null, concurrency: 2 });
    await createAlert(db, LOCAL_PRINCIPAL, { name: 'Runs failing', condition: { kind: 'failure', of: 'runs', datasetId: dataset.datasetId }, destination: { kind: 'webhook', url: hook.url }, notifyResolved: false }, ENV);
    await createAlert(db, LOCAL_PRINCIPAL, { name: 'Failures to Slack', condition: { kind: 'failure', of: 'any', datasetId: null }, destination: { kind: 'slack', url: `${slack.url}/services/T000/B000/XXXX` } }, ENV);
    const { startWorkers, stopWorkers } = await import('@/lib/jobs/worker-manager');
    const { alertJobs } = await import('@/lib/alerts/alert-jobs');
    const lines: string[] = [];
    await startWorkers({ ...ENV, DATABASE_URL: databaseUrl, TURNWISE_ALERTS_POLL_MS: '60000' }, { db, kinds: [alertJobs()], log: (line) => lines.push(line) });
    cleanups.push(() => stopWorkers());

    const run = await createRun(db, { projectId: 'default', datasetId: dataset.datasetId, judgeKind: 'openai', judgeModel: 'gpt-4o', metricSettings: { conversation_relevancy: {} }, concurrency: 1, totalItems: 12, status: 'running' });
    await failRun(db, run.id, 'the judge endpoint refused the key');
    // The close woke the lane: no waiting for its 60 s poll.
    const { waitFor } = await import('./helpers/wait-for');
    await waitFor('the webhook and Slack calls', () => hook.calls.length === 1 && slack.calls.length === 1, { timeoutMs: 15_000, detail: () => lines.join('\n') });
    expect(hook.calls[0].body).toMatchObject({ state: 'firing', link: `https://evals.example.com/runs/${run.id}`, scope: `runs:${dataset.datasetId}` });
    expect(hook.calls[0].body.summary).toBe(`The run ${run.id} on "Support <beta> & co" failed: the judge endpoint refused the key`);
    const message = slack.calls[0].body as { text: string; blocks: { type: string; text?: { type: string; text: string }; elements?: { text: string }[] }[] };
    expect(slack.calls[0].path).toBe('/services/T000/B000/XXXX');
    expect(message.text).toContain(':rotating_light: Firing: Failures to Slack');
    expect(message.blocks[0]).toEqual({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `*:rotating_light: Firing: Failures to Slack*\nThe run ${run.id} on "Support &lt;beta&gt; &amp; co" failed: the judge endpoint refused the key\n<https://evals.example.com/runs/${run.id}|Open in Turnwise>`,
      },
    });
    expect(message.blocks[1].elements![0].text).toMatch(/^A run or a replay fails, or a batch of received spans cannot be ingested · <https:\/\/evals\.example\.com\/alerts\/\w+\|rule and history>$/);

    // The next run on the dataset ends well: it resolves; the Slack rule says so, the other sends no resolutions.
    const again = await createRun(db, { projectId: 'default', datasetId: dataset.datasetId, judgeKind: 'openai', judgeModel: 'gpt-4o', metricSettings: { conversation_relevancy: {} }, concurrency: 1, totalItems: 0, status: 'running' });
    await finishRun(db, again.id);
    await waitFor('the Slack resolution', () => slack.calls.length === 2, { timeoutMs: 15_000, detail: () => lines.join('\n') });
    expect((slack.calls[1].body as { text: string }).text).toContain(':white_check_mark: Resolved: Failures to Slack');
    expect(hook.calls).toHaveLength(1);
  });
});
