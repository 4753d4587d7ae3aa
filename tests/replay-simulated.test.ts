import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { NO_SCENARIO } from '@/lib/db/queries/replays/create-replay';
import type { Conversation } from '@/lib/domain';
import { executeReplayChunk } from '@/lib/replay/execution/execute-replay-chunk';
import { closeReplay } from '@/lib/replay/lifecycle/close-replay';
import { estimateReplay, getReplay, startReplay } from '@/lib/replay';
import { startSqliteReplayWorker } from '@/lib/replay/sqlite-replay-worker';
import { migratedDatabase } from './db/databases';
import { answerByStep, lastUserMessage, promptText, startJudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/*
 * Simulated-user replays against the scripted OpenAI-compatible server, once as the target and
 * once as the judge playing the user.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversations: Conversation[] = [
  {
    externalId: 'refund',
    scenario: 'A customer wants a refund for order 42',
    expectedOutcome: 'The refund is confirmed',
    turns: [
      { role: 'user', content: 'I want a refund' },
      { role: 'assistant', content: 'Old: which order?' },
    ],
  },
  {
    externalId: 'chatty',
    scenario: 'A chatty user who never stops',
    turns: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Old: hi' },
      { role: 'user', content: 'More' },
      { role: 'assistant', content: 'Old: more' },
    ],
  },
  {
    externalId: 'plain',
    turns: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Old: hello' },
    ],
  },
];

async function setup(): Promise<{ db: Db; datasetId: string }> {
  const fresh = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'support', sourceFormat: 'deepeval', conversations });
  return { db, datasetId: dataset.id };
}

async function server(handler: JudgeServerHandler) {
  const s = await startJudgeServer({ handler });
  cleanups.push(() => s.close());
  return s;
}

/** The user the judge plays: the refund is met once the new model answered "Order 42"; the chatty user goes on. */
const playUser = answerByStep({
  replay_simulate_user: (body) => {
    const prompt = promptText(body);
    if (prompt.includes('refund for order 42')) {
      return prompt.includes('NEW(Order 42)') ? { status: 'goal_met', message: 'Thanks!', reason: 'the refund was confirmed' } : { status: 'continue', message: 'Order 42', reason: 'needs the order' };
    }
    return { status: 'continue', message: 'Tell me more', reason: 'still chatting' };
  },
});

async function startSimulated(db: Db, datasetId: string, targetUrl: string, judgeUrl: string) {
  const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: judgeUrl, models: ['judge-m'] }]) };
  const request = { datasetId, target: { kind: 'openai', baseUrl: targetUrl, model: 'm' }, mode: 'simulated-user', maxTurns: 3, judge: { kind: 'openai', name: 'local', model: 'judge-m' }, modelVersion: 'v2' } as const;
  const estimate = await estimateReplay(db, 'default', request, env);
  const started = await startReplay(db, 'default', request, null, env);
  return { ...started, env, estimate };
}

const requestsOf = (target: { requests: { body: Parameters<typeof lastUserMessage>[0] }[] }, first: string) =>
  target.requests.filter((r) => r.body.messages.find((m) => m.role === 'user')?.content === first);

describe('replay, simulated user', () => {
  it('plays the user until the judge says the goal is met or maxTurns, skips a conversation without a scenario, and stores the simulated conversations', async () => {
    const { db, datasetId } = await setup();
    const target = await server((body) => ({ content: `NEW(${lastUserMessage(body)})` }));
    const judge = await server(playUser);
    const { id, totalItems, env, estimate } = await startSimulated(db, datasetId, target.url, judge.url);
    expect(totalItems).toBe(6);
    // The estimate is the bound: every exchange allowed of the conversations with a scenario.
    expect(estimate).toMatchObject({ targetCalls: 6, fitJudgeCalls: 4 });

    await db.replay.update({ where: { id }, data: { status: 'running', startedAt: new Date() } });
    await executeReplayChunk({ db, env, replayId: id });
    await closeReplay(db, id, env);
    const replay = await getReplay(db, 'default', id);

    expect(replay.status).toBe('completed');
    // The refund ended at its second exchange: its third is no longer to do.
    expect(replay.progress).toEqual({ done: 5, total: 5, errors: 0 });
    expect(replay.simulation).toEqual({ goalMet: 1, goalFailed: 0, maxTurns: 1, skipped: 1, skippedConversations: [{ conversation: 3, reason: NO_SCENARIO }] });
    expect(replay.targetCalls).toBe(5);
    // A verdict after every exchange but the last one allowed.
    expect(replay.judgeCalls).toBe(4);
    // Each target request carries the simulated conversation so far.
    expect(requestsOf(target, 'Hello').map((r) => r.body.messages.map((m) => m.content)).at(-1)).toEqual(['Hello', 'NEW(Hello)', 'Tell me more', 'NEW(Tell me more)', 'Tell me more']);
    // The judge plays the user from the scenario and the expected outcome.
    expect(promptText(judge.requests[0].body)).toContain('The refund is confirmed');

    const made = await db.conversation.findMany({
      where: { datasetId: replay.datasetId! },
      orderBy: { position: 'asc' },
      select: { externalId: true, scenario: true, metadata: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true, metadata: true, sourceTurnId: true } } },
    });
    expect(made.map((c) => c.externalId)).toEqual(['refund', 'chatty']);
    const [refund, chatty] = made;
    expect(refund.scenario).toBe('A customer wants a refund for order 42');
    expect(refund.metadata).toEqual({ replaySimulation: { outcome: 'goal_met', exchanges: 2, reason: 'the refund was confirmed' } });
    expect(refund.turns.map((t) => t.content)).toEqual(['I want a refund', 'NEW(I want a refund)', 'Order 42', 'NEW(Order 42)']);
    // The recorded first user turn is kept as it was; the generated ones are marked.
    expect(refund.turns.map((t) => t.metadata)).toEqual([null, null, { simulated: true }, null]);
    // Linked to the recorded turns where there are some, not past the recorded length.
    expect(refund.turns.map((t) => t.sourceTurnId !== null)).toEqual([true, true, false, false]);
    expect(chatty.metadata).toEqual({ replaySimulation: { outcome: 'max_turns', exchanges: 3 } });
    expect(chatty.turns).toHaveLength(6);
    expect(chatty.turns.map((t) => t.sourceTurnId !== null)).toEqual([true, true, true, true, false, false]);
  });

  it('resumes a simulated conversation whose worker died after an exchange, without generating a stored one again', async () => {
    const { db, datasetId } = await setup();
    const dying = new AbortController();
    const target = await server((body) => {
      // The worker dies (stops taking work) while the chatty user's second exchange is in flight.
      if (lastUserMessage(body) === 'Tell me more' && body.messages.length === 3) dying.abort('shutdown');
      return { content: `NEW(${lastUserMessage(body)})` };
    });
    const judge = await server(playUser);
    const { id, env } = await startSimulated(db, datasetId, target.url, judge.url);
    await db.replay.update({ where: { id }, data: { status: 'running', workerId: 'gone-host:1:abcd', leaseUntil: new Date(Date.now() - 1000), startedAt: new Date() } });
    await executeReplayChunk({ db, env, replayId: id, range: { from: 1, to: 2 }, signal: dying.signal });
    expect(requestsOf(target, 'Hello')).toHaveLength(2);
    expect((await getReplay(db, 'default', id)).progress.done).toBe(2);

    // Its lease is over: the next worker takes the replay and plays only what is missing.
    const worker = startSqliteReplayWorker({ db, env: { TURNWISE_WORKER_POLL_MS: '50', TURNWISE_WORKER_LEASE_MS: '3000', ...env } });
    cleanups.push(() => worker.stop());
    const replay = await waitFor('the replay to finish', async () => {
      const replay = await getReplay(db, 'default', id);
      return replay.finishedAt !== null && replay;
    });
    expect(replay.status).toBe('completed');
    const chatty = requestsOf(target, 'Hello');
    expect(chatty).toHaveLength(3);
    expect(chatty[2].body.messages.map((m) => m.content)).toEqual(['Hello', 'NEW(Hello)', 'Tell me more', 'NEW(Tell me more)', 'Tell me more']);
    expect(replay.progress).toEqual({ done: 5, total: 5, errors: 0 });
    expect(replay.simulation).toMatchObject({ goalMet: 1, maxTurns: 1, skipped: 1 });
  });

  it('refuses the offline judge, which cannot play the user', async () => {
    const { db, datasetId } = await setup();
    await expect(
      startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, mode: 'simulated-user', judge: { kind: 'offline' }, modelVersion: 'v' }, null, {}),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'judge' } });
    await expect(
      startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, mode: 'simulated-user', maxTurns: 51, modelVersion: 'v' }, null, {}),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', details: { field: 'maxTurns' } });
    expect(await db.replay.count()).toBe(0);
  });
});
