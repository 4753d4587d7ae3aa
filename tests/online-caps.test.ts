import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { LOCAL_PRINCIPAL } from '@/lib/identity/principal';
import { processPendingBatches } from '@/lib/ingest/process-batches';
import { createOfflineJudge } from '@/lib/judge/offline';
import { createRule, updateRule } from '@/lib/online/rules';
import { scoreClosedConversations } from '@/lib/online/score-closed-conversations';
import { migratedDatabase, providers } from './db/databases';
import { attr, genAiChatAttributes, spanExport } from './helpers/otlp-json';

/*
 * An online rule's spend has a bound the user chose: a judge without a known price (a local
 * model, whose calls count as $0) needs a daily cap in calls or tokens, and the pass stops there.
 */

const MINUTE = 60_000;
/** A local model: no price is known for it. */
const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: 'http://127.0.0.1:9/v1', models: ['llama-local'] }]) };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let span = 0;
async function send(db: Db, conversationId: string): Promise<void> {
  span++;
  const attributes = [...genAiChatAttributes(conversationId, `Where is order ${conversationId}?`, `Order ${conversationId} ships today.`), attr('app.model_version', 'v1')];
  const body = Buffer.from(JSON.stringify(spanExport('shop', [{ traceId: span.toString(16).padStart(32, '0'), spanId: span.toString(16).padStart(16, '0'), start: Date.now(), attributes }])));
  await db.otlpBatch.create({ data: { projectId: 'default', signal: 'traces', encoding: 'json', body, byteSize: body.byteLength } });
}

describe.each(providers)('online rule spend caps on %s', (provider) => {
  it('refuses a rule whose judge has no known price without a cap in calls or tokens, naming the field, and stops the pass at the cap', async () => {
    const fresh = await migratedDatabase(provider);
    const db = createDbClient(fresh.url);
    cleanups.push(async () => {
      await db.$disconnect();
      await fresh.drop();
    });
    for (const id of ['a', 'b', 'c', 'd']) await send(db, id);
    await processPendingBatches(db, { env: {}, limit: 100 });
    const live = await db.dataset.findFirstOrThrow({ where: { sourceFormat: 'otlp' }, select: { id: true } });
    const body = { name: 'local', datasetIds: [live.id], metrics: [{ name: 'conversation_relevancy' }], judge: { kind: 'openai', name: 'local', model: 'llama-local' }, sampleRate: 100 };

    for (const uncapped of [body, { ...body, dailyCapUsd: 5 }]) {
      await expect(createRule(db, LOCAL_PRINCIPAL, uncapped, env)).rejects.toMatchObject({
        code: 'BAD_INPUT',
        message: expect.stringMatching(/^dailyCapCalls: the judge's model "llama-local" has no known price, so .* cost cap can hold its spend: set a daily cap in judge calls \(dailyCapCalls\) or tokens \(dailyCapTokens\)/),
        details: { field: 'dailyCapCalls' },
      });
    }
    expect(await db.onlineRule.count()).toBe(0);

    const rule = await createRule(db, LOCAL_PRINCIPAL, { ...body, dailyCapCalls: 1 }, env);
    expect(rule).toMatchObject({ dailyCapCalls: 1, dailyCapTokens: null });
    await expect(updateRule(db, LOCAL_PRINCIPAL, rule.id, { dailyCapCalls: null }, env)).rejects.toMatchObject({ details: { field: 'dailyCapCalls' } });

    // The pass: the first conversation's calls reach the cap, the others wait for the next UTC day.
    const problems: string[] = [];
    const later = new Date(Date.now() + 6 * MINUTE);
    const [pass] = await scoreClosedConversations({ db, env, now: later, judge: createOfflineJudge(), log: (m) => problems.push(m) });
    expect(problems).toEqual([]);
    expect(pass).toMatchObject({ scored: 1, capped: true });
    const spent = await db.onlineScore.aggregate({ where: { ruleId: rule.id }, _sum: { judgeCalls: true, tokens: true } });
    expect(spent._sum.judgeCalls).toBeGreaterThan(0);

    // A rule stored before the caps existed (no cap in calls or tokens) is not scored at all, and says why.
    await db.onlineRule.update({ where: { id: rule.id }, data: { dailyCapCalls: null, capReachedOn: null, scannedUntil: null } });
    const [stale] = await scoreClosedConversations({ db, env, now: later, judge: createOfflineJudge(), log: (m) => problems.push(m) });
    expect(stale).toMatchObject({ scored: 0, capped: true });
    expect(problems).toEqual([expect.stringMatching(/online rule "local" is not scored: dailyCapCalls: the judge's model "llama-local" has no known price/)]);

    // A cap in tokens holds it as well.
    await updateRule(db, LOCAL_PRINCIPAL, rule.id, { dailyCapTokens: 1 }, env);
    const [byTokens] = await scoreClosedConversations({ db, env, now: later, judge: { ...createOfflineJudge(), call: async (request) => ({ ...(await createOfflineJudge().call(request)), promptTokens: 50 }) } });
    expect(byTokens).toMatchObject({ capped: true });
    expect(await db.onlineScore.count({ where: { ruleId: rule.id } })).toBe(2);
  });
});
