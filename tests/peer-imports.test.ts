import path from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '@/lib/compare/compare-runs';
import { createDbClient } from '@/lib/db/client';
import type { Db } from '@/lib/db/db-types';
import { datasetConversationPages } from '@/lib/db/queries/datasets/conversation-pages';
import { listConversations } from '@/lib/db/queries/datasets/list-conversations';
import type { Conversation } from '@/lib/domain/conversation';
import { createDatasetResponse } from '@/lib/api/create-dataset';
import { handleImportRequest } from '@/lib/imports/handle-requests';
import { importDatasetStream } from '@/lib/imports/import-dataset';
import { recallThreadOptions } from '@/lib/imports/thread-options-memory';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { migratedDatabase, providers, type FreshDatabase } from './db/databases';
import { PEER_FIXTURES, peerBytes } from './fixtures/peers/peer-fixture';
import { cliEnv, turnwiseInProcess } from './helpers/turnwise-cli';

/*
 * Exports of the tools a team leaves (fixtures in tests/fixtures/peers, built field for field from
 * their code: lib/datasets/peers/peers.test.ts names the files) through the upload route, the
 * import pipeline and the CLI: the conversations become a dataset and the scores a run beside it,
 * which compare puts next to a run Turnwise scored.
 */

const bytes = peerBytes;

let database: FreshDatabase;
let db: Db;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  db = createDbClient(database.url);
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

const upload = (body: Uint8Array<ArrayBuffer>, query: Record<string, string>) =>
  handleImportRequest(db, 'default', new Request(`http://localhost/api/datasets/import?${new URLSearchParams(query)}`, { method: 'POST', body, headers: { 'content-type': 'application/octet-stream' } }));

async function stored(datasetId: string): Promise<Conversation[]> {
  const all: Conversation[] = [];
  for await (const page of datasetConversationPages(db, datasetId)) all.push(...page);
  return all;
}

const resultsOf = (runId: string) =>
  db.result.findMany({
    where: { runId },
    orderBy: [{ conversation: { position: 'asc' } }, { metric: 'asc' }],
    select: { metric: true, score: true, success: true, reason: true, conversation: { select: { externalId: true } }, verdicts: { orderBy: { turnIndex: 'asc' }, select: { turnIndex: true, verdict: true, score: true, reason: true } } },
  });

const chunked = async function* (data: Uint8Array) {
  for (let i = 0; i < data.length; i += 1000) yield data.subarray(i, i + 1000);
};

describe('Langfuse', () => {
  it("a zip of the session download and the observations export, through the upload route: the session's turns, and its scores as a run judged \"Langfuse: …\"", async () => {
    const zip = zipSync({
      'export/session-sess-refund-1042.json': bytes('langfuse', 'session-sess-refund-1042.json'),
      'export/observations-2026-11-20.jsonl': bytes('langfuse', 'observations-2026-11-20.jsonl'),
      'export/README.md': new TextEncoder().encode('exported from Langfuse'),
    });
    const answer = await upload(zip, { name: 'refunds from Langfuse', fileName: 'langfuse-export.zip', modelVersion: 'bot 2026-11' });
    const body = (await answer.json()) as { datasetId: string; format: string; stats: { conversations: number }; run: { runId: string; metrics: string[]; results: number }; problems: { message: string }[] };
    expect(answer.status).toBe(201);
    expect(body.stats.conversations).toBe(2);
    expect(body.problems.map((p) => p.message)).toContain('1 file was left out, not being JSON or JSONL (export/README.md)');
    expect(body.run.metrics).toEqual(['helpfulness', 'correct', 'tone', 'resolution']);

    const [refund] = await stored(body.datasetId);
    expect(refund.externalId).toBe('sess-refund-1042');
    expect(refund.turns[1]).toMatchObject({ role: 'assistant', retrievalContext: ['Refunds: within 30 days of delivery.', 'Orders ship in 2 days.'], metadata: { traceId: 'tr-1042-a', timestamp: '2026-11-20T10:00:00.000Z' } });
    // The session's id is its conversation's external id: the conversation list finds it.
    const found = await listConversations(db, 'default', body.datasetId, { skip: 0, take: 10 }, { q: 'refund-1042' });
    expect(found.rows.map((r) => r.externalId)).toEqual(['sess-refund-1042']);

    const run = await db.run.findUniqueOrThrow({ where: { id: body.run.runId }, select: { judgeKind: true, judgeModel: true, origin: true, status: true, modelVersion: true, datasetId: true } });
    expect(run).toEqual({ judgeKind: 'imported', judgeModel: 'Langfuse: helpfulness, correct, tone, resolution', origin: 'langfuse', status: 'completed', modelVersion: 'bot 2026-11', datasetId: body.datasetId });
    const results = await resultsOf(body.run.runId);
    expect(results.map((r) => [r.conversation.externalId, r.metric, r.score, r.success])).toEqual([
      ['sess-refund-1042', 'correct', 0.5, true],
      ['sess-refund-1042', 'helpfulness', expect.closeTo((0.9 + 0.4 + 1) / 3, 9), true],
      ['sess-refund-1042', 'resolution', 1, true],
      ['sess-refund-1042', 'tone', 0, false],
    ]);
    expect(results.find((r) => r.metric === 'helpfulness')?.verdicts).toEqual([
      { turnIndex: 1, verdict: 'yes', score: 0.9, reason: 'Answers the question directly.' },
      { turnIndex: 3, verdict: 'no', score: 0.4, reason: 'Misses the refund window.' },
      { turnIndex: 5, verdict: 'yes', score: 1, reason: 'Langfuse: helpfulness 1' },
    ]);
    expect(results.find((r) => r.metric === 'resolution')).toMatchObject({ reason: 'Refund issued.', verdicts: [] });
  });

  it('refuses the session download alone and stores nothing, saying which export to add', async () => {
    const before = { datasets: await db.dataset.count(), runs: await db.run.count() };
    const answer = await upload(bytes('langfuse', 'session-sess-refund-1042.json'), { name: 'no messages', fileName: 'session-sess-refund-1042.json' });
    const body = (await answer.json()) as { error: { code: string; message: string; line: number } };
    expect(answer.status).toBe(400);
    expect(body.error.message).toContain('has no input or output');
    expect(body.error.message).toContain('traces or observations export');
    expect({ datasets: await db.dataset.count(), runs: await db.run.count() }).toEqual(before);
  });

  it('redacts the texts the scores carry as it redacts the conversations: a comment quoting the user is stored with a placeholder', async () => {
    const scores = new TextDecoder().decode(bytes('langfuse', 'scores-2026-11-20.jsonl')).replace('"comment": "Misses the refund window."', '"comment": "Misses the refund window; ann@example.com asked twice."');
    const zip = zipSync({ 'observations.jsonl': bytes('langfuse', 'observations-2026-11-20.jsonl'), 'scores.jsonl': new TextEncoder().encode(scores) });
    const answer = await upload(zip, { name: 'redacted scores', fileName: 'langfuse.zip', redact: 'email' });
    const body = (await answer.json()) as { run: { runId: string }; stats: { redactions: Record<string, number> } };
    expect(answer.status).toBe(201);
    const verdicts = (await resultsOf(body.run.runId)).flatMap((r) => r.verdicts.map((v) => v.reason));
    expect(verdicts).toContain('Misses the refund window; [EMAIL] asked twice.');
    expect(verdicts.join('\n')).not.toContain('ann@example.com');
    expect(body.stats.redactions).toMatchObject({ email: 1 });
  });

  it("puts the old scores beside a run Turnwise scored on the same conversations (compare matches them by the session's id)", async () => {
    const both = [bytes('langfuse', 'observations-2026-11-20.jsonl'), bytes('langfuse', 'scores-2026-11-20.jsonl')];
    const outcome = await importDatasetStream(db, 'default', (async function* () {})(), { name: 'Langfuse history' }, {
      events: (async function* () {
        yield [{ file: 'observations.jsonl' }, { bytes: both[0] }];
        yield [{ file: 'scores.jsonl' }, { bytes: both[1] }];
      })(),
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.run?.metrics).toEqual(['helpfulness', 'user-rating']);
    // A 1–5 rating becomes a share of 5.
    const ratings = (await resultsOf(outcome.run!.runId)).filter((r) => r.metric === 'user-rating');
    expect(ratings.map((r) => [r.conversation.externalId, r.score, r.success])).toEqual([
      ['sess-refund-1042', 0.4, false],
      ['sess-ship-2001', 0.8, true],
    ]);

    const scoredAgain = await recordEvaluation(db, {
      dataset: { projectId: 'default', name: 'the same, scored by Turnwise', sourceFormat: 'langfuse-jsonl', conversations: await stored(outcome.datasetId) },
      metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
      judge: createScriptedJudge({ 'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'On topic.' }), reason: () => ({ reason: 'Scripted.' }) }),
      judgeName: null,
      concurrency: 2,
    });
    const report = await compareRuns(db, 'default', outcome.run!.runId, [scoredAgain.runId]);
    expect(report.candidates[0]).toMatchObject({ matched: 2, baselineOnly: 0, candidateOnly: 0 });
    expect(report.metrics.map((m) => m.metric).sort()).toEqual(['conversation_relevancy', 'helpfulness', 'user-rating']);
  });
});

it.runIf(providers.includes('postgres'))('stores the same on PostgreSQL', async () => {
  const pg = await migratedDatabase('postgres');
  const pgDb = createDbClient(pg.url);
  try {
    const outcome = await importDatasetStream(pgDb, 'default', (async function* () {})(), { name: 'Langfuse on PostgreSQL' }, {
      events: (async function* () {
        yield [{ file: 'observations.jsonl' }, { bytes: bytes('langfuse', 'observations-2026-11-20.jsonl') }];
        yield [{ file: 'scores.jsonl' }, { bytes: bytes('langfuse', 'scores-2026-11-20.jsonl') }];
      })(),
    });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.run).toMatchObject({ metrics: ['helpfulness', 'user-rating'], results: 4 });
    expect(await pgDb.turnVerdict.count({ where: { runId: outcome.run!.runId } })).toBe(5);
    expect((await pgDb.run.findUniqueOrThrow({ where: { id: outcome.run!.runId }, select: { status: true } })).status).toBe('completed');
  } finally {
    await pgDb.$disconnect();
    await pg.drop();
  }
});

describe('Opik', () => {
  it('an `opik export` folder through the CLI: threads of traces, and the feedback scores as a run', async () => {
    const cli = await turnwiseInProcess(['import', path.join(PEER_FIXTURES, 'opik', 'support'), '--name', 'opik support'], cliEnv({ DATABASE_URL: database.url }));
    expect(cli.stderr).toContain("Opik spans of type 'guardrail' are not kept");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/stored dataset \S+: 3 conversations, 8 turns \(opik-json\)/);
    const runId = /stored run (\S+) with opik's scores: 6 results of contains_policy, answer_relevance, hallucination, tone/.exec(cli.stdout)?.[1];
    expect(runId).toBeDefined();
    const run = await db.run.findUniqueOrThrow({ where: { id: runId }, select: { judgeModel: true, origin: true } });
    expect(run).toEqual({ judgeModel: 'Opik: contains_policy, answer_relevance, hallucination, tone', origin: 'opik' });
    const results = await resultsOf(runId!);
    const warranty = results.filter((r) => r.conversation.externalId === 'thread-warranty-17');
    expect(warranty.map((r) => [r.metric, r.score, r.success])).toEqual([
      ['answer_relevance', expect.closeTo((0.92 + 0.55) / 2, 9), true],
      ['contains_policy', 1, true],
      // Lower is better for a hallucination score: 0 passes.
      ['hallucination', 0, true],
      ['tone', 1, true],
    ]);
    expect(warranty[0].verdicts).toEqual([
      { turnIndex: 1, verdict: 'yes', score: 0.92, reason: 'Directly answers the warranty question.' },
      { turnIndex: 3, verdict: 'yes', score: 0.55, reason: 'Lists the documents but not where to send them.' },
    ]);
  });

  it('a zip with a broken trace file: refused with the file, line and field; with skipInvalid the other threads and their scores are stored, the file noted', async () => {
    const files: Record<string, Uint8Array> = {};
    for (const name of ['0193a1c2-8a00-7000-8000-000000000001', '0193a1c2-8a00-7000-8000-000000000003']) {
      files[`projects/support-bot/trace_${name}.json`] = bytes('opik', 'support', 'projects', 'support-bot', `trace_${name}.json`);
    }
    const broken = new TextDecoder().decode(bytes('opik', 'support', 'projects', 'support-bot', 'trace_0193a1c2-8a00-7000-8000-000000000003.json')).replace('"spans": [', '"spans": [}');
    files['projects/support-bot/trace_0193a1c2-8a00-7000-8000-000000000003.json'] = new TextEncoder().encode(broken);
    const zip = zipSync(files);
    const before = { datasets: await db.dataset.count(), runs: await db.run.count() };
    const refused = await upload(zip, { name: 'opik broken', fileName: 'opik.zip' });
    const body = (await refused.json()) as { error: { message: string; problems: { file?: string; line: number; message: string }[] } };
    expect(refused.status).toBe(400);
    const errors = body.error.problems.filter((p) => (p as { severity?: string }).severity === 'error');
    expect(errors[0]).toMatchObject({ file: 'projects/support-bot/trace_0193a1c2-8a00-7000-8000-000000000003.json', line: expect.any(Number), message: expect.stringContaining('broken JSON at line') });
    expect(errors[0].line).toBeGreaterThan(10);
    expect({ datasets: await db.dataset.count(), runs: await db.run.count() }).toEqual(before);

    const skipping = await upload(zip, { name: 'opik skipping', fileName: 'opik.zip', skipInvalid: 'true' });
    const kept = (await skipping.json()) as { datasetId: string; stats: { conversations: number }; run: { metrics: string[] }; skipped: { line: number; message: string }[] };
    expect(skipping.status).toBe(201);
    expect(kept.stats.conversations).toBe(1);
    expect(kept.run.metrics).toEqual(['answer_relevance', 'hallucination']);
    expect(kept.skipped[0].message).toContain('broken JSON');
  });
});

describe('chat messages with a thread key', () => {
  it('groups by the key and orders by the field given, and remembers them for the next file with the same fields', async () => {
    const log = [
      { room: 'r-9', n: 2, role: 'assistant', content: 'Checkout is at 11.' },
      { room: 'r-7', n: 1, role: 'user', content: 'Is there parking?' },
      { room: 'r-9', n: 1, role: 'user', content: 'When is checkout?' },
      { room: 'r-7', n: 2, role: 'assistant', content: 'Yes, in the courtyard.' },
    ]
      .map((m) => JSON.stringify(m))
      .join('\n');
    const outcome = await importDatasetStream(db, 'default', chunked(new TextEncoder().encode(log)), { name: 'hotel chat', fileName: 'chat.jsonl', threadKey: 'room', orderBy: 'n' });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.format).toBe('thread-jsonl');
    const conversations = await stored(outcome.datasetId);
    expect(conversations.map((c) => [c.externalId, c.turns.map((t) => t.content)])).toEqual([
      ['r-9', ['When is checkout?', 'Checkout is at 11.']],
      ['r-7', ['Is there parking?', 'Yes, in the courtyard.']],
    ]);
    expect(await recallThreadOptions(db, 'default', ['content', 'role', 'n', 'room'])).toMatchObject({ threadKey: 'room', orderBy: 'n' });
    expect(await recallThreadOptions(db, 'default', ['content', 'role', 'room'])).toBeNull();

    // The API takes them as form fields before the file, and refuses one that is no field name.
    const form = (threadKey: string) => {
      const data = new FormData();
      data.set('name', 'hotel chat via the API');
      data.set('threadKey', threadKey);
      data.set('orderBy', 'n');
      data.set('file', new Blob([log]), 'chat.jsonl');
      return new Request('http://localhost/api/v1/datasets', { method: 'POST', body: data });
    };
    const created = await createDatasetResponse(db, 'default', form('room'));
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ format: 'thread-jsonl', conversations: 2, turns: 4 });
    const refused = await createDatasetResponse(db, 'default', form('metadata..room'));
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: 'BAD_INPUT', field: 'threadKey' } });
  });
});
