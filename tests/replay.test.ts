import { afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { type Db } from '@/lib/db/db-types';
import { saveDataset } from '@/lib/imports/save-dataset';
import { listConversationBatch } from '@/lib/db/queries/datasets/list-conversation-batch';
import { claimReplay } from '@/lib/db/queries/replays/replay-lease';
import type { Conversation } from '@/lib/domain';
import { executeReplayChunk } from '@/lib/replay/execution/execute-replay-chunk';
import { closeReplay } from '@/lib/replay/lifecycle/close-replay';
import { cancelReplay, getReplay, retryReplay, startReplay } from '@/lib/replay';
import { estimateReplay } from '@/lib/replay/estimate-replay';
import { startSqliteReplayWorker } from '@/lib/replay/sqlite-replay-worker';
import type { ReplayWorker } from '@/lib/replay/replay-worker';
import { migratedDatabase } from './db/databases';
import { startAppTargetServer, type AppReply, type AppTurnRequest } from './helpers/app-target-server';
import { answerByStep, lastUserMessage, startJudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { waitFor } from './helpers/wait-for';

/*
 * Replays against real HTTP servers on 127.0.0.1: the scripted OpenAI-compatible server as a
 * model target (and as the on-policy judge), and a small app server as the HTTP target.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const conversations: Conversation[] = [
  {
    externalId: 'c1',
    scenario: 'Refund',
    turns: [
      { role: 'user', content: 'I want a refund' },
      { role: 'assistant', content: 'Old: which order?', retrievalContext: ['Refunds within 30 days.'] },
      { role: 'user', content: 'Order 42' },
      { role: 'assistant', content: 'Old: done.', labels: { turn_faithfulness: 'yes' } },
    ],
  },
  {
    externalId: 'c2',
    turns: [
      { role: 'user', content: 'Hello' },
      { role: 'assistant', content: 'Old: hi' },
    ],
  },
  {
    externalId: 'c3',
    turns: [
      { role: 'user', content: 'Where is my parcel?' },
      { role: 'assistant', content: 'Old: in transit' },
      { role: 'user', content: 'Thanks' },
      { role: 'assistant', content: 'Old: welcome' },
    ],
  },
];

async function setup(): Promise<{ db: Db; url: string; datasetId: string }> {
  const fresh = await migratedDatabase('sqlite');
  const db = createDbClient(fresh.url);
  cleanups.push(async () => {
    await db.$disconnect();
    await fresh.drop();
  });
  const dataset = await saveDataset(db, { projectId: 'default', name: 'support', sourceFormat: 'deepeval', conversations });
  return { db, url: fresh.url, datasetId: dataset.id };
}

async function modelServer(handler?: JudgeServerHandler, latencyMs?: number) {
  const server = await startJudgeServer({ handler: handler ?? ((body) => ({ content: `New reply to: ${lastUserMessage(body)}` })), latencyMs });
  cleanups.push(() => server.close());
  return server;
}

async function appServer(handler: (turn: AppTurnRequest) => AppReply | Promise<AppReply>) {
  const server = await startAppTargetServer(handler);
  cleanups.push(() => server.close());
  return server;
}

// Made once: building it inside the handler would hold the event loop the test and the servers share.
const FIVE_MB = JSON.stringify({ content: 'x'.repeat(5 * 1024 * 1024) });

const FAST = { maxRetries: 1, retryBaseMs: 1, retryBudgetMs: 2000 };

/** Generates every turn in this process, then closes the replay as a worker does. */
async function runToEnd(db: Db, replayId: string, env: Record<string, string | undefined>) {
  await db.replay.update({ where: { id: replayId }, data: { status: 'running', startedAt: new Date() } });
  await executeReplayChunk({ db, env, replayId, retries: FAST });
  await closeReplay(db, replayId, env);
  return getReplay(db, 'default', replayId);
}

async function storedTurns(db: Db, datasetId: string) {
  const rows = await db.conversation.findMany({
    where: { datasetId },
    orderBy: { position: 'asc' },
    select: { externalId: true, position: true, scenario: true, matchKey: true, metadata: true, turns: { orderBy: { index: 'asc' }, select: { role: true, content: true, sourceTurnId: true, retrievalContext: true, labels: true } } },
  });
  return rows;
}

describe('replay, teacher-forced, OpenAI-compatible target', () => {
  it('regenerates every assistant turn from its recorded history and stores a linked dataset version', async () => {
    const { db, datasetId } = await setup();
    const server = await modelServer();
    const env = { DATABASE_URL: 'file:unused', TARGET_KEY: 'sk-target-123' };
    const { id, totalItems } = await startReplay(
      db,
      'default', { datasetId, target: { kind: 'openai', baseUrl: server.url, apiKeyEnv: 'TARGET_KEY', model: 'new-model', systemPrompt: 'Be brief.', temperature: 0.2, extraBody: { seed: 7 } }, modelVersion: 'v2' },
      null,
      env,
    );
    expect(totalItems).toBe(5);
    const replay = await runToEnd(db, id, env);
    expect(replay.status).toBe('completed');
    expect(replay.progress).toEqual({ done: 5, total: 5, errors: 0 });
    expect(replay.targetCalls).toBe(5);

    // Each request carries the recorded history up to its turn, the system prompt, the key and the extra fields.
    const second = server.requests.find((r) => lastUserMessage(r.body) === 'Order 42')!;
    expect(second.body.messages.map((m) => m.content)).toEqual(['Be brief.', 'I want a refund', 'Old: which order?', 'Order 42']);
    expect(second.body.seed).toBe(7);
    expect(second.body.temperature).toBe(0.2);
    expect(second.headers.authorization).toBe('Bearer sk-target-123');

    const source = await storedTurns(db, datasetId);
    const made = await storedTurns(db, replay.datasetId!);
    expect(made.map((c) => c.matchKey)).toEqual(source.map((c) => c.matchKey));
    expect(made[0].scenario).toBe('Refund');
    expect(made[0].turns.map((t) => t.content)).toEqual(['I want a refund', 'New reply to: I want a refund', 'Order 42', 'New reply to: Order 42']);
    // The recorded retrieval context stays; people's labels on the old reply do not.
    expect(made[0].turns[1].retrievalContext).toEqual(['Refunds within 30 days.']);
    expect(made[0].turns[3].labels).toBeNull();
    const sourceIds = await db.turn.findMany({ where: { conversation: { datasetId } }, select: { id: true } });
    expect(new Set(made.flatMap((c) => c.turns.map((t) => t.sourceTurnId)))).toEqual(new Set(sourceIds.map((t) => t.id)));
    const dataset = await db.dataset.findUniqueOrThrow({ where: { id: replay.datasetId! }, select: { modelVersion: true, sourceFormat: true, importing: true, conversationCount: true, turnCount: true, applicableCounts: true } });
    expect(dataset).toMatchObject({ modelVersion: 'v2', sourceFormat: 'replay', importing: false, conversationCount: 3, turnCount: 10 });
    // Which metrics apply to how many conversations: as an import of the same conversations counts it.
    const asImported = await saveDataset(db, { projectId: 'default', name: 'same', sourceFormat: 'turnwise', conversations: (await listConversationBatch(db, replay.datasetId!, { afterPosition: -1, take: 10 })).map((r) => r.conversation) });
    const imported = await db.dataset.findUniqueOrThrow({ where: { id: asImported.id }, select: { applicableCounts: true } });
    expect(dataset.applicableCounts).toEqual(imported.applicableCounts);
    // No key is stored: the target keeps the variable's name only.
    expect(JSON.stringify(await db.replay.findUniqueOrThrow({ where: { id } }))).not.toContain('sk-target-123');
  });

  it('records a target failure on its turn, keeps the rest, and a retry generates only the errored turn into a new version', async () => {
    const { db, datasetId } = await setup();
    let failing = true;
    const server = await modelServer((body) => (failing && lastUserMessage(body) === 'Hello' ? { status: 401, body: { error: { message: 'bad key' } } } : { content: `ok ${lastUserMessage(body)}` }));
    const env = {};
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: server.url, model: 'm' }, modelVersion: 'v2' }, null, env);
    const first = await runToEnd(db, id, env);
    expect(first.status).toBe('completed_with_errors');
    expect(first.progress).toEqual({ done: 4, total: 5, errors: 1 });
    expect(first.errors).toEqual([{ conversation: 2, turn: 2, error: expect.stringMatching(/conversation 2, turn 2: model m at http:\/\/127\.0\.0\.1:\d+\/v1 refused the key \(401\)/), attempts: 1 }]);
    // The errored conversation is left out of the version; the others are whole.
    expect((await storedTurns(db, first.datasetId!)).map((c) => [c.externalId, c.position])).toEqual([
      ['c1', 0],
      ['c3', 1],
    ]);

    failing = false;
    const before = server.requests.length;
    expect(await retryReplay(db, 'default', id, env)).toEqual({ reopened: 1 });
    const second = await runToEnd(db, id, env);
    expect(server.requests.length - before).toBe(1);
    expect(second.status).toBe('completed');
    expect(second.datasetId).not.toBe(first.datasetId);
    expect((await storedTurns(db, second.datasetId!)).map((c) => c.externalId)).toEqual(['c1', 'c2', 'c3']);
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const { db, datasetId } = await setup();
    const bad = async (input: unknown, field: string, env: Record<string, string> = {}) => {
      await expect(startReplay(db, 'default', input, null, env)).rejects.toMatchObject({ details: expect.objectContaining({ field }) });
    };
    await bad({ datasetId, target: { kind: 'openai', model: 'm' }, modelVersion: 'v2' }, 'target.baseUrl');
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'ftp://x', model: 'm' }, modelVersion: 'v2' }, 'target.baseUrl');
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKeyEnv: 'TARGET_NOPE_KEY' }, modelVersion: 'v2' }, 'target.apiKeyEnv');
    await bad({ datasetId, target: { kind: 'http', url: 'http://127.0.0.1:1/x', secretEnv: 'TARGET_NOPE' }, modelVersion: 'v2' }, 'target.secretEnv');
    // The server's own secrets are never sent to a URL the requester chose.
    await bad({ datasetId, target: { kind: 'http', url: 'http://127.0.0.1:1/x', secretEnv: 'TURNWISE_SECRET' }, modelVersion: 'v2' }, 'target.secretEnv', { TURNWISE_SECRET: 'x' });
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm', apiKeyEnv: 'OPENAI_API_KEY' }, modelVersion: 'v2' }, 'target.apiKeyEnv', { OPENAI_API_KEY: 'x' });
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' } }, 'modelVersion');
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, modelVersion: 'v', mode: 'sideways' }, 'mode');
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, modelVersion: 'v', mode: 'on-policy', judge: { kind: 'offline' } }, 'judge');
    await bad({ datasetId, target: { kind: 'openai', baseUrl: 'http://127.0.0.1:1/v1', model: 'm' }, modelVersion: 'v', evaluate: { metrics: ['nonsense'], judge: { kind: 'offline' } } }, 'evaluate.metrics.0');
    await expect(startReplay(db, 'default', { datasetId: 'nope', target: { kind: 'http', url: 'http://127.0.0.1:1/x' }, modelVersion: 'v' }, null, {})).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await db.replay.count()).toBe(0);
  });
});

describe('replay, HTTP target (the user’s app)', () => {
  it('posts the documented request with the secret, hands state back on the next turn, and takes the app’s retrieval context', async () => {
    const { db, datasetId } = await setup();
    const app = await appServer((turn) => ({
      body: { content: `app says ${turn.turn}`, retrievalContext: [`doc for ${turn.turn}`], toolsCalled: [{ name: 'lookup' }], state: { seen: ((turn.state as { seen?: number } | null)?.seen ?? 0) + 1 } },
    }));
    const env = { TARGET_APP_SECRET: 's3cret' };
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: app.url, secretEnv: 'TARGET_APP_SECRET' }, modelVersion: 'app-v2' }, null, env);
    const replay = await runToEnd(db, id, env);
    expect(replay.status).toBe('completed');
    const c1 = app.requests.filter((r) => r.body.conversationId === 'c1').sort((a, b) => a.body.turn - b.body.turn);
    expect(c1.map((r) => [r.body.turn, r.body.state])).toEqual([
      [1, null],
      [3, { seen: 1 }],
    ]);
    expect(c1[1].body.messages).toEqual([
      { role: 'user', content: 'I want a refund' },
      { role: 'assistant', content: 'Old: which order?' },
      { role: 'user', content: 'Order 42' },
    ]);
    expect(c1[0].headers['x-turnwise-secret']).toBe('s3cret');
    const made = await storedTurns(db, replay.datasetId!);
    expect(made[0].turns[1]).toMatchObject({ content: 'app says 1', retrievalContext: ['doc for 1'] });
  });

  const cases: [string, (turn: AppTurnRequest) => AppReply | Promise<AppReply>, RegExp][] = [
    ['a 401', () => ({ status: 401, body: { error: 'no' } }), /refused the request \(401\): check the secret/],
    ['a body that is not JSON', () => ({ body: '<html>oops</html>' }), /not JSON \(17 bytes; the answer is in the server log\)/],
    ['no content', () => ({ body: { answer: 'hi' } }), /without a usable reply: content is missing/],
    ['an answer in another role', () => ({ body: { role: 'user', content: 'I am the user' } }), /role must be "assistant"/],
    ['a 5 MB reply', () => ({ body: FIVE_MB }), /over the 1048576-byte limit/],
    ['a hang past the timeout', () => 'hang', /did not answer within 1500 ms/],
  ];
  for (const [what, handler, message] of cases) {
    it(`records ${what} on its turn with what and where, storing nothing of it`, async () => {
      const { db, datasetId } = await setup();
      const app = await appServer((turn) => (turn.conversationId === 'c2' ? handler(turn) : { body: { content: 'fine' } }));
      const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: app.url, timeoutMs: what.startsWith('a hang') ? 1500 : 20_000 }, modelVersion: 'v' }, null, {});
      const replay = await runToEnd(db, id, {});
      expect(replay.status).toBe('completed_with_errors');
      expect(replay.errors.map((e) => e.error)).toEqual([expect.any(String)]);
      expect(replay.errors[0].error).toMatch(/^conversation 2, turn 2: the app at http:\/\/127\.0\.0\.1:\d+\/turn /);
      expect(replay.errors[0].error).toMatch(message);
      const errored = await db.replayTurn.findFirstOrThrow({ where: { replayId: id, status: 'error' } });
      expect(errored).toMatchObject({ content: null, state: null, retrievalContext: null });
      expect(replay.progress).toEqual({ done: 4, total: 5, errors: 1 });
    });
  }

  it('records an unreachable app on its turn', async () => {
    const { db, datasetId } = await setup();
    const closed = await startAppTargetServer(() => ({ body: {} }));
    await closed.close();
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: closed.url }, modelVersion: 'v' }, null, {});
    const replay = await runToEnd(db, id, {});
    expect(replay.progress.errors).toBe(5);
    expect(replay.errors[0].error).toMatch(/the app at http:\/\/127\.0\.0\.1:\d+\/turn is unreachable \(after 2 requests\): ECONNREFUSED/);
    expect(replay.datasetId).toBeNull();
    expect(replay.error).toMatch(/No conversation was replayed whole/);
  });
});

describe('replay, on-policy', () => {
  it('carries the regenerated replies in the history and marks a conversation off-script where the next user turn no longer fits', async () => {
    const { db, datasetId } = await setup();
    const target = await modelServer((body) => ({ content: `NEW(${lastUserMessage(body)})` }));
    const judge = await modelServer(
      answerByStep({
        replay_fit: (body) => {
          const prompt = body.messages.map((m) => m.content).join('\n');
          return prompt.includes('Order 42') ? { fits: 'no', reason: 'the new reply asked for nothing' } : { fits: 'yes', reason: 'follows' };
        },
      }),
    );
    const env = { TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: judge.url, models: ['judge-m'] }]) };
    const { id } = await startReplay(
      db,
      'default', { datasetId, target: { kind: 'openai', baseUrl: target.url, model: 'm' }, mode: 'on-policy', judge: { kind: 'openai', name: 'local', model: 'judge-m' }, modelVersion: 'v2' },
      null,
      env,
    );
    const replay = await runToEnd(db, id, env);
    expect(replay.status).toBe('completed');
    expect(replay.offScript).toBe(1);
    expect(replay.judgeCalls).toBe(2);
    const second = target.requests.find((r) => lastUserMessage(r.body) === 'Order 42')!;
    expect(second.body.messages.map((m) => m.content)).toEqual(['I want a refund', 'NEW(I want a refund)', 'Order 42']);
    const made = await storedTurns(db, replay.datasetId!);
    // Kept, with the mark: the user turn that no longer fits is turn 3 (counting from 1).
    expect(made[0].metadata).toEqual({ replayOffScript: { turn: 3, reason: 'the new reply asked for nothing' } });
    expect(made[2].metadata).toBeNull();
  });
});

describe('replay worker', () => {
  function worker(db: Db, env: Record<string, string>): ReplayWorker {
    const w = startSqliteReplayWorker({ db, env: { TURNWISE_WORKER_POLL_MS: '50', TURNWISE_WORKER_LEASE_MS: '3000', ...env }, retries: FAST });
    cleanups.push(() => w.stop());
    return w;
  }
  async function until(db: Db, id: string, done: (r: Awaited<ReturnType<typeof getReplay>>) => boolean) {
    return waitFor(`replay ${id}`, async () => {
      const replay = await getReplay(db, 'default', id);
      return done(replay) && replay;
    });
  }

  it('resumes a replay whose worker died mid-way, generating only the turns not stored', async () => {
    const { db, datasetId } = await setup();
    const server = await modelServer();
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: server.url, model: 'm' }, modelVersion: 'v2' }, null, {});
    // A worker took it, stored two turns, and vanished: its lease is over.
    await db.replay.update({ where: { id }, data: { status: 'running', workerId: 'gone-host:1:abcd', leaseUntil: new Date(Date.now() - 1000), startedAt: new Date() } });
    await executeReplayChunk({ db, env: {}, replayId: id, range: { from: 0, to: 1 } });
    expect(server.requests).toHaveLength(2);
    worker(db, {});
    const replay = await until(db, id, (r) => r.status === 'completed');
    expect(server.requests).toHaveLength(5);
    expect(replay.progress).toEqual({ done: 5, total: 5, errors: 0 });
  });

  it('reads the chunks after the first while the turns before them run, and generates every turn once', async () => {
    const { db, datasetId } = await setup();
    const server = await modelServer();
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: server.url, model: 'm' }, modelVersion: 'v2', concurrency: 1 }, null, {});
    worker(db, { TURNWISE_REPLAY_CHUNK_SIZE: '1' });
    const replay = await until(db, id, (r) => r.status === 'completed');
    expect(replay.progress).toEqual({ done: 5, total: 5, errors: 0 });
    // One request per turn, in conversation order across the three chunks.
    expect(server.requests.map((r) => lastUserMessage(r.body))).toEqual(['I want a refund', 'Order 42', 'Hello', 'Where is my parcel?', 'Thanks']);
  });

  it('cancels: the worker notices at its next lease renewal, aborts the requests in flight and generates nothing more', async () => {
    const { db, datasetId } = await setup();
    const app = await appServer(() => 'hang');
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'http', url: app.url, timeoutMs: 60_000 }, modelVersion: 'v2' }, null, {});
    worker(db, {});
    await until(db, id, () => app.requests.length >= 3);
    await cancelReplay(db, 'default', id);
    const replay = await until(db, id, (r) => r.finishedAt !== null);
    await until(db, id, () => app.aborted === 3);
    expect(replay.status).toBe('cancelled');
    expect(replay.progress.done + replay.progress.errors).toBe(0);
    expect(app.requests).toHaveLength(3);
    await expect(cancelReplay(db, 'default', id)).rejects.toMatchObject({ code: 'CONFLICT' });
  });
});

describe('replay samples', () => {
  it('generates samples per turn, keeps the first as the turn and the others apart, and resumes without generating a stored turn again', async () => {
    const { db, datasetId } = await setup();
    let calls = 0;
    const server = await modelServer((body) => ({ content: `Generation ${++calls} to: ${lastUserMessage(body)}` }));
    const request = { datasetId, target: { kind: 'openai', baseUrl: server.url, model: 'm', temperature: 1 }, modelVersion: 'v2', samples: 3 };
    expect((await estimateReplay(db, 'default', request, {})).targetCalls).toBe(15);
    const { id } = await startReplay(db, 'default', request, null, {});
    await db.replay.update({ where: { id }, data: { status: 'running', startedAt: new Date() } });
    // The first conversation, then a worker dies; the next generates the rest only.
    await executeReplayChunk({ db, env: {}, replayId: id, range: { from: 0, to: 1 } });
    expect(server.requests).toHaveLength(6);
    await executeReplayChunk({ db, env: {}, replayId: id });
    await closeReplay(db, id, {});
    const replay = await getReplay(db, 'default', id);
    expect(server.requests).toHaveLength(15);
    expect(replay).toMatchObject({ status: 'completed', progress: { done: 5, total: 5, errors: 0 }, targetCalls: 15 });
    expect(replay.samples).toMatchObject({ perTurn: 3, turns: 5, differing: 5, failed: 0 });

    // The new version holds each turn's own reply; its two other samples are stored apart, linked to it.
    const turns = await db.replayTurn.findMany({ where: { replayId: id }, orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }] });
    const samples = await db.replaySample.findMany({ where: { replayId: id }, orderBy: [{ position: 'asc' }, { turnIndex: 'asc' }, { sample: 'asc' }] });
    expect(samples.map((s) => [s.position, s.turnIndex, s.sample])).toEqual(turns.flatMap((t) => [[t.position, t.turnIndex, 2], [t.position, t.turnIndex, 3]]));
    const made = await storedTurns(db, replay.datasetId!);
    const replies = made.flatMap((c) => c.turns.filter((t) => t.role === 'assistant').map((t) => t.content));
    expect(replies).toEqual(turns.map((t) => t.content));
    for (const sample of samples) expect(replies).not.toContain(sample.content);
    expect(new Set([...replies, ...samples.map((s) => s.content)]).size).toBe(15);
  });
});

describe('replay lease', () => {
  it('takes back a replay whose worker died while making the dataset version, and closes it once', async () => {
    const { db, datasetId } = await setup();
    const server = await modelServer();
    const { id } = await startReplay(db, 'default', { datasetId, target: { kind: 'openai', baseUrl: server.url, model: 'm' }, modelVersion: 'v2' }, null, {});
    await db.replay.update({ where: { id }, data: { status: 'running', startedAt: new Date() } });
    await executeReplayChunk({ db, env: {}, replayId: id });
    // Its worker was making the version when it died: the lease ran out.
    await db.replay.update({ where: { id }, data: { status: 'finishing', workerId: 'gone-host:1:abcd', leaseUntil: new Date(Date.now() - 1000) } });
    expect(await claimReplay(db, { workerId: 'me:2:beef', leaseMs: 10_000 })).toEqual({ id, resumed: true });
    expect(await closeReplay(db, id, {}, { workerId: 'me:2:beef' })).toBe('completed');
    expect(await db.dataset.count({ where: { sourceFormat: 'replay' } })).toBe(1);
    expect(server.requests).toHaveLength(5);
  });
});
