import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { startApiServer, waitForRunEnd } from './helpers/api-server';
import { promptText, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge, stepOf } from './helpers/step-answers';
import { llmJudgeRefusal } from '../lib/metrics/llm-judge-refusal';
import { previewRun } from '../lib/runs/request/preview-run';

/*
 * Custom metrics through /api/v1 as a script uses them: defined with POST /api/v1/metrics (the
 * judge writes the steps once), versioned on every change, listed, run beside a built-in metric
 * by the background worker against a scripted OpenAI-compatible judge (the logprob-weighted
 * score), and compared between two runs that used different versions.
 */

type Routes = {
  metrics: typeof import('../app/api/v1/metrics/route');
  metric: typeof import('../app/api/v1/metrics/[name]/route');
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  results: typeof import('../app/api/v1/runs/[id]/results/route');
  compare: typeof import('../app/api/v1/compare/route');
  exportRun: typeof import('../app/api/v1/runs/[id]/export/route');
};
let routes: Routes;
let server: { stop(): Promise<void> };
let judge: JudgeServer;

const STEPS = ['Find what the customer bought and when.', 'Check that a refund is offered only within 30 days.'];
const ln = Math.log;
/** The score token's alternatives: 2 (0.5), 3 (0.3), 1 (0.2) weigh 2.1; 8 (0.6), 9 (0.4) weigh 8.4. */
const scoreTokens = (score: number) => [
  { token: '{"', top: [] },
  { token: 'score', top: [] },
  { token: '":', top: [] },
  {
    token: String(score),
    top:
      score === 2
        ? [{ token: '2', logprob: ln(0.5) }, { token: '3', logprob: ln(0.3) }, { token: '1', logprob: ln(0.2) }]
        : [{ token: '8', logprob: ln(0.6) }, { token: '9', logprob: ln(0.4) }],
  },
];

beforeAll(async () => {
  const others = answerLikeOfflineJudge();
  judge = await startJudgeServer({
    handler: (body, context) => {
      const step = stepOf(body);
      if (step === 'g_eval.steps') return { content: JSON.stringify({ steps: STEPS }) };
      if (step === 'g_eval.conversation') {
        // G-Eval's prompts are deepeval's wording, with the turns as JSON in the text.
        const wrong = promptText(body).includes('refunded you in full');
        const score = wrong ? 2 : 8;
        return {
          content: JSON.stringify({ score, reason: wrong ? 'Refunds outside the 30 days.' : 'Follows the policy.', turns: wrong ? [{ turn: 2, reason: 'Refund after 45 days.' }] : [] }),
          logprobs: scoreTokens(score),
        };
      }
      return others(body, context);
    },
  });
  server = await startApiServer(judge.url);
  routes = {
    metrics: await import('../app/api/v1/metrics/route'),
    metric: await import('../app/api/v1/metrics/[name]/route'),
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    results: await import('../app/api/v1/runs/[id]/results/route'),
    compare: await import('../app/api/v1/compare/route'),
    exportRun: await import('../app/api/v1/runs/[id]/export/route'),
  };
});
afterAll(async () => {
  await server?.stop();
  await judge?.close();
});

const BASE = 'http://localhost/api/v1';
const json = { 'content-type': 'application/json' };
const postMetric = (body: unknown) => routes.metrics.POST(new Request(`${BASE}/metrics`, { method: 'POST', body: JSON.stringify(body), headers: json }));
const stepCalls = () => judge.requests.filter((r) => stepOf(r.body) === 'g_eval.steps').length;
const params = <K extends string>(key: K, value: string) => ({ params: Promise.resolve({ [key]: value } as Record<K, string>) });

const refundPolicy = {
  name: 'refund_policy',
  scope: 'conversation',
  criteria: 'The assistant offers a refund only within 30 days of purchase.',
};

const chats = [
  { name: 'late refund', turns: [{ role: 'user', content: 'I bought the kettle 45 days ago; refund please.' }, { role: 'assistant', content: 'Of course, I have refunded you in full.' }] },
  { name: 'early refund', turns: [{ role: 'user', content: 'I bought the kettle 10 days ago; refund please.' }, { role: 'assistant', content: 'Yes: within 30 days you get a full refund.' }] },
  { name: 'no reply yet', turns: [{ role: 'user', content: 'Hello?' }] },
];

async function createDataset(): Promise<string> {
  const form = new FormData();
  form.append('name', 'Refunds');
  form.append('file', new Blob([JSON.stringify(chats)], { type: 'application/json' }), 'refunds.json');
  const res = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

async function runToEnd(datasetId: string, metrics: string[]): Promise<string> {
  const res = await routes.runs.POST(new Request(`${BASE}/runs`, { method: 'POST', headers: json, body: JSON.stringify({ datasetId, metrics, judge: { kind: 'openai' } }) }));
  expect(res.status, await res.clone().text()).toBe(202);
  const { id } = await res.json();
  const body = await waitForRunEnd((runId) => routes.run.GET(new Request(`${BASE}/runs/${runId}`), params('id', runId)), id);
  expect(body.status).toBe('completed');
  return id;
}

describe('POST /api/v1/metrics', () => {
  it('stores version 1 with the steps the judge wrote once, and no new version for the same definition', async () => {
    const first = await postMetric({ ...refundPolicy, judge: { kind: 'openai' } });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(first.headers.get('location')).toBe('/api/v1/metrics/refund_policy');
    const body = await first.json();
    expect(body).toMatchObject({ name: 'refund_policy', version: 1, scope: 'conversation', created: true, stepsWrittenByJudge: true });
    expect(body.definition).toMatchObject({ evaluationSteps: STEPS, fields: ['content', 'role'], threshold: 0.5, strictMode: false });
    expect(stepCalls()).toBe(1);

    const again = await postMetric(refundPolicy);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ version: 1, created: false });
    // The criteria did not change: the steps written for them are kept, not asked for again.
    const stricter = await postMetric({ ...refundPolicy, threshold: 0.7 });
    expect(stricter.status).toBe(201);
    expect(await stricter.json()).toMatchObject({ version: 2, definition: { threshold: 0.7, evaluationSteps: STEPS } });
    expect(stepCalls()).toBe(1);
  });

  it('refuses a bad definition with the field it is about, and stores nothing', async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ ...refundPolicy, name: 'Refund Policy' }, 'name', /lower-case/],
      [{ ...refundPolicy, name: 'turn_faithfulness' }, 'name', /built-in metric/],
      [{ name: 'tone', scope: 'conversation' }, 'criteria', /criteria, evaluation steps, or both/],
      [{ ...refundPolicy, scope: 'turn' }, 'scope', /keeps its scope/],
      [{ ...refundPolicy, name: 'tone', rubric: [{ range: [0, 5], meaning: 'bad' }, { range: [5, 10], meaning: 'good' }] }, 'rubric', /overlap/],
      [{ ...refundPolicy, name: 'tone', fields: ['mood'] }, 'fields.0', /Invalid option/],
      [{ ...refundPolicy, name: 'tone', colour: 'red' }, 'definition', /colour/],
      // A rubric of 900 KB was stored and sent to the judge with every turn.
      [{ ...refundPolicy, name: 'tone', rubric: [{ range: [0, 10], meaning: 'x'.repeat(900_000) }] }, 'rubric.0.meaning', /keep a meaning under 1,000 characters/],
      [{ ...refundPolicy, name: 'tone', rubric: Array.from({ length: 12 }, (_, i) => ({ range: [i, i], meaning: 'm' })) }, 'rubric', /at most 11 ranges/],
      [{ ...refundPolicy, name: 'tone', criteria: 'c'.repeat(10_001) }, 'criteria', /keep the criteria under 10,000 characters/],
      [{ ...refundPolicy, name: 'tone', evaluationSteps: ['s'.repeat(2_001)] }, 'evaluationSteps.0', /keep a step under 2,000 characters/],
    ];
    for (const [body, field, message] of cases) {
      const res = await postMetric(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const { error } = await res.json();
      expect(error.code).toBe('BAD_INPUT');
      expect(error.message, field).toMatch(message);
      expect(error.field ?? error.details?.field, JSON.stringify(error)).toBe(field);
    }
    expect(await getDb().customMetric.count({ where: { name: 'tone' } })).toBe(0);
  });

  it('lists each metric at its newest version, and every version of one', async () => {
    const list = await (await routes.metrics.GET(new Request(`${BASE}/metrics`))).json();
    expect(list.items.map((m: { name: string; version: number; versions: number }) => [m.name, m.version, m.versions])).toEqual([['refund_policy', 2, 2]]);
    const one = await routes.metric.GET(new Request(`${BASE}/metrics/refund_policy`), params('name', 'refund_policy'));
    expect((await one.json()).versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const missing = await routes.metric.GET(new Request(`${BASE}/metrics/nope`), params('name', 'nope'));
    expect(missing.status).toBe(404);
  });
});

describe('a run with a custom metric', () => {
  it('scores it beside a built-in metric with the logprob-weighted score, keeps its version, and compare says when versions differ', async () => {
    const datasetId = await createDataset();
    const unknown = await routes.runs.POST(
      new Request(`${BASE}/runs`, { method: 'POST', headers: json, body: JSON.stringify({ datasetId, metrics: ['refund_polcy'], judge: { kind: 'openai' } }) }),
    );
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error.message).toMatch(/unknown metric "refund_polcy"; known: .*refund_policy/);

    const first = await runToEnd(datasetId, ['refund_policy', 'conversation_relevancy']);
    const run = await getDb().run.findUniqueOrThrow({ where: { id: first } });
    // The conversation without an assistant turn has nothing to judge: left out of the custom metric (relevancy takes all 3).
    expect(run.totalItems).toBe(5);
    expect((run.metricSettings as Record<string, { gEval?: { version: number } }>).refund_policy.gEval?.version).toBe(2);

    const results = await (await routes.results.GET(new Request(`${BASE}/runs/${first}/results?metric=refund_policy`), params('id', first))).json();
    const byName = new Map(results.items.map((r: { conversation: { name: string }; score: number }) => [r.conversation.name, r]));
    const late = byName.get('late refund') as { score: number; success: boolean; verdicts: { turn: number; verdict: string; reason: string }[] };
    // (2·0.5 + 3·0.3 + 1·0.2) / 10: the probability-weighted score, as deepeval computes it.
    expect(late.score).toBeCloseTo(0.21, 10);
    expect(late.success).toBe(false);
    // The API numbers turns from 1, as the pages do: the reply is turn 2.
    expect(late.verdicts).toEqual([expect.objectContaining({ turn: 2, verdict: 'no', reason: 'Refund after 45 days.' })]);
    expect((byName.get('early refund') as { score: number }).score).toBeCloseTo(0.84, 10);
    expect(stepCalls()).toBe(1);

    // New criteria: new steps, version 3, and a second run with it.
    const changed = await postMetric({ ...refundPolicy, criteria: 'The assistant offers a refund only within 30 days, and says so.' });
    expect(await changed.json()).toMatchObject({ version: 3, stepsWrittenByJudge: true });
    expect(stepCalls()).toBe(2);
    const second = await runToEnd(datasetId, ['refund_policy', 'conversation_relevancy']);

    // A run may name an older version: "refund_policy@2" scores with version 2's definition.
    const pinned = await runToEnd(datasetId, ['refund_policy@2']);
    const pinnedRun = await getDb().run.findUniqueOrThrow({ where: { id: pinned } });
    expect((pinnedRun.metricSettings as Record<string, { gEval?: { version: number } }>).refund_policy.gEval?.version).toBe(2);
    const missingVersion = await routes.runs.POST(
      new Request(`${BASE}/runs`, { method: 'POST', headers: json, body: JSON.stringify({ datasetId, metrics: ['refund_policy@9'], judge: { kind: 'openai' } }) }),
    );
    expect((await missingVersion.json()).error.message).toMatch(/metric "refund_policy" has no version 9/);

    // Exports carry the custom metric like any other, and the version the run used.
    const exported = await (await routes.exportRun.GET(new Request(`${BASE}/runs/${second}/export?format=json`), params('id', second))).text();
    const exportedRun = JSON.parse(exported);
    expect(JSON.stringify(exportedRun)).toContain('"refund_policy"');
    expect(exported).toMatch(/"gEval":\{"version":3/);
    const csv = await (await routes.exportRun.GET(new Request(`${BASE}/runs/${second}/export?format=csv&level=results`), params('id', second))).text();
    expect(csv.split('\n').filter((line) => line.includes('refund_policy'))).toHaveLength(2);

    const compared = await (await routes.compare.GET(new Request(`${BASE}/compare?baseline=${first}&candidate=${second}`))).json();
    expect(compared.metrics.map((m: { metric: string }) => m.metric)).toEqual(['conversation_relevancy', 'refund_policy']);
    expect(compared.mixedVersions).toEqual([
      expect.objectContaining({ metric: 'refund_policy', baseline: 2, candidates: [{ runId: second, version: 3 }], note: expect.stringMatching(/baseline used version 2, .*version 3/) }),
    ]);
  });
});

describe('a custom metric with the offline judge', () => {
  it('is refused before the run starts, by the REST API and the form\'s estimate, with a sentence that says an LLM judge is needed', async () => {
    const datasetId = await createDataset();
    await postMetric({ ...refundPolicy, judge: { kind: 'openai' } });
    const runsBefore = await getDb().run.count();
    const callsBefore = judge.requests.length;
    const res = await routes.runs.POST(
      new Request(`${BASE}/runs`, { method: 'POST', headers: json, body: JSON.stringify({ datasetId, metrics: ['conversation_relevancy', 'refund_policy'], judge: { kind: 'offline' } }) }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toBe(llmJudgeRefusal(['refund_policy']));
    expect(llmJudgeRefusal(['refund_policy'])).toMatch(/^refund_policy needs an LLM judge/);
    // Nothing stored, nothing judged.
    expect(await getDb().run.count()).toBe(runsBefore);
    expect(judge.requests.length).toBe(callsBefore);

    const request = { datasetId, metrics: [{ name: 'refund_policy', options: {} }], judge: { kind: 'offline' as const }, concurrency: 4, samples: 1, modelVersion: undefined };
    await expect(previewRun(getDb(), 'default', request, process.env)).rejects.toMatchObject({ code: 'BAD_INPUT', message: llmJudgeRefusal(['refund_policy']), details: { field: 'metrics' } });
    // Built-in metrics alone still run on the offline judge.
    await expect(previewRun(getDb(), 'default', { ...request, metrics: [{ name: 'conversation_relevancy', options: {} }] }, process.env)).resolves.toBeTruthy();
  });
});
