import { beforeAll, describe, expect, it } from 'vitest';
import { compareRuns } from '../lib/compare/compare-runs';
import { getDb } from '../lib/db/client';
import { loadRunInfo } from '../lib/exports/run-info';
import { recordedRequest, routeDatabaseForFile } from './helpers/deepeval-fixtures';

/*
 * POST and PUT /api/deepeval/v1/test-run with the bodies deepeval 4.1.10's client sent
 * (tests/fixtures/deepeval-4.1.10: 22 conversational cases × 6 metrics as a POST of 20 and a
 * PUT of 2, and 3 single-turn cases), through the route handlers.
 */

const first = recordedRequest('001-POST-_v1_test_run.json');
const rest = recordedRequest('002-PUT-_v1_test_run.json');
const single = recordedRequest('003-POST-_v1_test_run.json');

// The key deepeval's client sent when these bodies were recorded (its CONFIDENT-API-KEY header), as the service key.
routeDatabaseForFile({ serviceKey: first.headers['confident-api-key'] });
let route: typeof import('../app/api/deepeval/v1/test-run/route');
beforeAll(async () => {
  route = await import('../app/api/deepeval/v1/test-run/route');
});

const send = async (method: 'POST' | 'PUT', body: unknown) => {
  const res = await route[method](
    new Request('http://localhost:3000/api/deepeval/v1/test-run', { method, headers: { 'content-type': 'application/json', ...first.headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; id?: string; link?: string; error?: string } };
};
const clone = <T>(value: T): T => structuredClone(value);

describe('a conversational test run: POST of its first 20 cases, PUT of the rest', () => {
  let runId = '';

  it('answers the POST with the id deepeval reads and a link that opens the run, and waits for the rest', async () => {
    const answer = await send('POST', first.body);
    expect(answer.status).toBe(200);
    runId = answer.body.data!.id as string;
    expect(answer.body).toMatchObject({ success: true, id: runId, link: `http://localhost:3000/runs/${runId}`, data: { id: runId, received: 20, expected: 22, stored: false } });
    expect(await getDb().run.count({ where: { id: runId } })).toBe(0);
  });

  it('stores the run once the PUT brings the last cases: 22 conversations, 6 metrics, deepeval as the judge', async () => {
    const answer = await send('PUT', { ...rest.body, testRunId: runId });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, id: runId, data: { received: 22, expected: 22, stored: true } });
    const run = await getDb().run.findUniqueOrThrow({ where: { id: runId }, include: { dataset: true } });
    expect(run).toMatchObject({ status: 'completed', origin: 'deepeval', judgeKind: 'imported', judgeModel: 'deepeval (judge)', modelVersion: 'baseline', doneItems: 132, error: null });
    expect(run.parameters).toEqual({ model: 'baseline', 'prompt version': '7' });
    expect(run.dataset).toMatchObject({ name: 'deepeval evaluate()', conversationCount: 22, sourceFormat: 'deepeval-test-run' });
    expect(Object.keys(run.metricSettings as object).sort()).toEqual([
      'conversation_completeness',
      'conversation_relevancy',
      'knowledge_retention',
      'role_adherence',
      'turn_contextual_recall',
      'turn_faithfulness',
    ]);
    expect(run.summary).toMatchObject({ conversation_relevancy: { count: 22, passRate: 0.5 }, role_adherence: { count: 22, passRate: 0 } });
    // The API and the JSON export say where it came from.
    expect(await loadRunInfo(getDb(), 'default', runId)).toMatchObject({ modelVersion: 'baseline', imported: { origin: 'deepeval', parameters: { model: 'baseline', 'prompt version': '7' } }, judge: { kind: 'imported', model: 'deepeval (judge)' } });
  });

  it("keeps each case's fields, its turns in deepeval's order, and the chatbot role its role adherence log names", async () => {
    const conversation = await getDb().conversation.findFirstOrThrow({ where: { dataset: { runs: { some: { id: runId } } }, name: 'conv-21' }, include: { turns: { orderBy: { index: 'asc' } } } });
    expect(conversation).toMatchObject({
      position: 21,
      scenario: 'customer 21 opens a savings account',
      expectedOutcome: 'the account is opened',
      userDescription: 'customer 21',
      chatbotRole: 'a polite bank assistant',
      matchKey: 'name:conv-21',
    });
    expect(conversation.turns.map((t) => t.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user', 'assistant']);
    expect(conversation.turns[3].toolsCalled).toEqual([{ name: 'open_account', type: 'FUNCTION', output: { id: 1021 }, inputParameters: { type: 'savings' } }]);
  });

  it("stores every metric's score, reason, threshold and strict mode, the per-turn verdicts its log gives, and says where there are none", async () => {
    const conversation = await getDb().conversation.findFirstOrThrow({ where: { dataset: { runs: { some: { id: runId } } }, name: 'conv-0' }, select: { id: true } });
    const results = await getDb().result.findMany({ where: { runId, conversationId: conversation.id }, include: { verdicts: { orderBy: { turnIndex: 'asc' } } } });
    const byMetric = Object.fromEntries(results.map((r) => [r.metric, r]));
    expect(byMetric.conversation_relevancy).toMatchObject({ score: 1 / 3, success: false, threshold: 0.5, reason: 'simulated statement 111', error: null });
    expect(byMetric.conversation_relevancy.verdicts.map((v) => [v.turnIndex, v.verdict, v.reason])).toEqual([
      [1, 'no', 'simulated statement 9'],
      [3, 'yes', 'simulated statement 10'],
      [5, 'no', 'simulated statement 11'],
    ]);
    expect(byMetric.turn_faithfulness.verdicts.map((v) => [v.turnIndex, v.verdict, v.score])).toEqual([
      [1, 'no', 0.5],
      [3, 'no', 0.5],
      [5, 'no', 0.5],
    ]);
    expect(byMetric.role_adherence.verdicts.map((v) => [v.turnIndex, v.verdict])).toEqual([
      [1, 'no'],
      [3, 'yes'],
      [5, 'yes'],
    ]);
    expect(byMetric.conversation_completeness.verdicts).toEqual([]);
    expect(byMetric.conversation_completeness.steps).toMatchObject({
      imported: { origin: 'deepeval', sourceMetric: 'Conversation Completeness', judge: 'judge', turnVerdicts: { found: false, note: expect.stringMatching(/^No per-turn verdicts in this log: /) } },
    });
    expect(byMetric.conversation_relevancy.steps).toMatchObject({
      imported: { sourceMetric: 'Turn Relevancy', turnVerdicts: { found: true, from: "deepeval's verbose log" }, log: expect.stringContaining('Turns Sliding Windows (size=10)') },
    });
  });

  it('does not add anything for a PUT or a POST sent again', async () => {
    const put = await send('PUT', { ...rest.body, testRunId: runId });
    expect(put.body).toMatchObject({ success: true, id: runId, data: { stored: true } });
    const post = await send('POST', first.body);
    expect(post.body).toMatchObject({ success: true, id: runId, data: { stored: true } });
    expect(await getDb().run.count({ where: { origin: 'deepeval' } })).toBe(1);
    expect(await getDb().result.count({ where: { runId } })).toBe(132);
    expect(await getDb().dataset.count()).toBe(1);
  });

  it('lands a second run of the same cases (another identifier) on the same dataset, where it compares conversation by conversation', async () => {
    const body = clone(first.body) as { identifier: string; runDuration: number; hyperparameters: Record<string, string>; conversationalTestCases: { metricsData: { name: string; score: number; success: boolean }[] }[] };
    body.identifier = 'candidate';
    body.hyperparameters.model = 'candidate';
    body.runDuration = 7.5;
    for (const c of body.conversationalTestCases) for (const m of c.metricsData) if (m.name === 'Turn Relevancy') Object.assign(m, { score: 1, success: true });
    const post = await send('POST', body);
    const putBody = clone(rest.body) as { conversationalTestCases: { metricsData: { name: string; score: number; success: boolean }[] }[] };
    for (const c of putBody.conversationalTestCases) for (const m of c.metricsData) if (m.name === 'Turn Relevancy') Object.assign(m, { score: 1, success: true });
    const put = await send('PUT', { ...putBody, testRunId: post.body.id });
    expect(put.body.data).toMatchObject({ stored: true });
    const candidate = await getDb().run.findUniqueOrThrow({ where: { id: post.body.id }, select: { datasetId: true, modelVersion: true } });
    const baseline = await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { datasetId: true } });
    expect(candidate).toEqual({ datasetId: baseline.datasetId, modelVersion: 'candidate' });
    const report = await compareRuns(getDb(), 'default', runId, [post.body.id!]);
    expect(report.candidates[0]).toMatchObject({ matched: 22, baselineOnly: 0, candidateOnly: 0 });
    const relevancy = report.metrics.find((m) => m.metric === 'conversation_relevancy')!;
    expect(relevancy.candidates[0].difference).toBeCloseTo(0.5, 5);
  });
});

describe('single-turn test cases', () => {
  it('are stored at once when the POST holds them all, each reply carrying its metric\'s verdict', async () => {
    const answer = await send('POST', single.body);
    expect(answer.body).toMatchObject({ success: true, data: { received: 3, expected: 3, stored: true } });
    const run = await getDb().run.findUniqueOrThrow({ where: { id: answer.body.id }, select: { metricSettings: true, judgeModel: true, dataset: { select: { conversationCount: true } } } });
    expect(run).toMatchObject({ judgeModel: 'deepeval (judge)', dataset: { conversationCount: 3 } });
    expect(Object.keys(run.metricSettings as object)).toEqual(['Answer Relevancy']);
    const verdicts = await getDb().turnVerdict.findMany({ where: { runId: answer.body.id }, select: { turnIndex: true, verdict: true, score: true } });
    expect(verdicts).toEqual(Array(3).fill({ turnIndex: 1, verdict: 'yes', score: 0.5 }));
  });
});

describe('bad input, unknown fields, unknown runs', () => {
  it('refuses a body that is not a test run with 400 naming the field path, and stores nothing', async () => {
    const before = await getDb().runImport.count();
    const body = clone(first.body) as { conversationalTestCases: { turns: { role: string }[] }[] };
    body.conversationalTestCases[3].turns[0].role = 'bot';
    const answer = await send('POST', body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: 'conversationalTestCases.3.turns.0.role: must be "user" or "assistant" (nothing was stored)' });
    const notJson = await send('POST', '{"testCases": [');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error).toMatch(/^The test run is not JSON: .* at line 1, column 16/);
    const metric = clone(first.body) as { conversationalTestCases: { metricsData: { score: unknown }[] }[] };
    metric.conversationalTestCases[0].metricsData[2].score = 'high';
    expect((await send('POST', metric)).body.error).toMatch(/^conversationalTestCases\.0\.metricsData\.2\.score: /);
    expect(await getDb().runImport.count()).toBe(before);
  });

  it('keeps fields it does not know instead of refusing them', async () => {
    const body = clone(single.body) as { runDuration: number; newRunField: unknown; testCases: Record<string, unknown>[] };
    body.runDuration = 99;
    body.newRunField = { any: 'thing' };
    body.testCases[0].newCaseField = 'kept';
    body.testCases[0].metricsData = [{ ...(body.testCases[0].metricsData as object[])[0], newMetricField: 1 }];
    const answer = await send('POST', body);
    expect(answer.body).toMatchObject({ success: true, data: { stored: true } });
    const conversation = await getDb().conversation.findFirstOrThrow({ where: { dataset: { runs: { some: { id: answer.body.id } } }, position: 0 }, select: { metadata: true } });
    expect(conversation.metadata).toEqual({ newCaseField: 'kept' });
  });

  it("answers a PUT for a run it never answered with 404 in deepeval's shape", async () => {
    const answer = await send('PUT', { ...rest.body, testRunId: 'no-such-run' });
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, error: expect.stringContaining('Test run no-such-run is unknown to this Turnwise') });
  });

  it('refuses a body over the upload limit before reading it whole', async () => {
    process.env.TURNWISE_MAX_UPLOAD_MB = '1';
    try {
      const big = clone(first.body) as { conversationalTestCases: unknown[] };
      big.conversationalTestCases = [...big.conversationalTestCases, ...big.conversationalTestCases, ...big.conversationalTestCases, ...big.conversationalTestCases, ...big.conversationalTestCases];
      const answer = await send('POST', big);
      expect(answer.status).toBe(413);
      expect(answer.body.error).toMatch(/The test run is larger than 1 MB.*TURNWISE_MAX_UPLOAD_MB/);
    } finally {
      delete process.env.TURNWISE_MAX_UPLOAD_MB;
    }
  });
});
