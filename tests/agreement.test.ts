import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnContentHash } from '../lib/agreement/content-hash';
import { rankJudges } from '../lib/agreement/judge-ranking';
import { getDb } from '../lib/db/client';
import { conversationFromRow, conversationSelect } from '../lib/db/rows/conversation-from-row';
import { saveTurnLabel } from '../lib/db/queries/labels/turn-labels';
import { startApiServer, waitForRunEnd } from './helpers/api-server';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';

/*
 * Labels that arrive with the data: a deepeval JSON file whose assistant turns carry people's
 * verdicts is imported, a run's judge (scripted: it fails every reply that says OFFTOPIC) scores
 * it, and GET /api/v1/runs/:id/agreement reports κ, balanced accuracy and the confusion matrix,
 * checked here against the formulas computed by hand. The labels go back out in the export.
 */

type Routes = {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  agreement: typeof import('../app/api/v1/runs/[id]/agreement/route');
  exportDataset: typeof import('../app/api/datasets/[id]/export/route');
};
let routes: Routes;
let server: { stop(): Promise<void> };
let judge: JudgeServer;
const BASE = 'http://localhost/api/v1';
const params = (id: string) => ({ params: Promise.resolve({ id }) });

beforeAll(async () => {
  judge = await startJudgeServer({
    handler: answerLikeOfflineJudge((step, input) => {
      if (step !== 'conversation_relevancy.relevance') return undefined;
      const off = JSON.stringify(input).includes('OFFTOPIC');
      return { content: JSON.stringify({ verdict: off ? 'no' : 'yes', reason: off ? 'Off topic.' : 'Answers the question.' }) };
    }),
  });
  server = await startApiServer(judge.url);
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    agreement: await import('../app/api/v1/runs/[id]/agreement/route'),
    exportDataset: await import('../app/api/datasets/[id]/export/route'),
  };
});
afterAll(async () => {
  await server?.stop();
  await judge?.close();
});

/** [reply says OFFTOPIC (the judge fails it), people's label, how many]. */
const CELLS: [boolean, 'yes' | 'no', number][] = [
  [true, 'no', 4], // judge no, human no
  [true, 'yes', 2], // judge no, human yes
  [false, 'no', 1], // judge yes, human no
  [false, 'yes', 5], // judge yes, human yes
];

const labelled = CELLS.flatMap(([off, label, count], cell) =>
  Array.from({ length: count }, (_, i) => ({
    id: `c${cell}-${i}`,
    turns: [
      { role: 'user', content: `Where is parcel ${cell}${i}?` },
      { role: 'assistant', content: off ? `OFFTOPIC: the weather is nice.` : `Parcel ${cell}${i} is at the depot.`, labels: { conversation_relevancy: label } },
    ],
  })),
);

async function upload(value: unknown, name: string): Promise<Response> {
  const form = new FormData();
  form.append('name', name);
  form.append('file', new Blob([JSON.stringify(value)], { type: 'application/json' }), `${name}.json`);
  return routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
}

async function runToEnd(datasetId: string): Promise<string> {
  const res = await routes.runs.POST(
    new Request(`${BASE}/runs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ datasetId, metrics: ['conversation_relevancy'], judge: { kind: 'openai' } }) }),
  );
  expect(res.status).toBe(202);
  const { id } = await res.json();
  await waitForRunEnd((runId) => routes.run.GET(new Request(`${BASE}/runs/${runId}`), params(runId)), id);
  return id;
}

describe('labels from the dataset file', () => {
  it('give the run its agreement with people, equal to κ and balanced accuracy computed by hand', async () => {
    const res = await upload(labelled, 'labelled');
    expect(res.status).toBe(201);
    const datasetId = (await res.json()).id;
    const runId = await runToEnd(datasetId);

    const answer = await routes.agreement.GET(new Request(`${BASE}/runs/${runId}/agreement`), params(runId));
    expect(answer.status).toBe(200);
    const { metrics } = await answer.json();
    expect(Object.keys(metrics)).toEqual(['conversation_relevancy']);
    const m = metrics.conversation_relevancy;
    const [a, b, c, d] = [4, 2, 1, 5]; // judge no/human no, judge no/human yes, judge yes/human no, judge yes/human yes
    const n = a + b + c + d;
    const observed = (a + d) / n;
    const chance = ((a + b) * (a + c) + (c + d) * (b + d)) / (n * n);
    expect(m.n).toBe(n);
    expect(m.confusion).toEqual({ judgeNoHumanNo: a, judgeNoHumanYes: b, judgeYesHumanNo: c, judgeYesHumanYes: d });
    expect(m.kappa).toBeCloseTo((observed - chance) / (1 - chance), 12);
    expect(m.kappa).toBeCloseTo(0.5, 12);
    expect(m.balancedAccuracy).toBeCloseTo((a / (a + c) + d / (b + d)) / 2, 12);
    expect(m.precision).toBeCloseTo(a / (a + b), 12);
    expect(m.recall).toBeCloseTo(a / (a + c), 12);
    expect(m.ciLow).toBeLessThan(m.kappa);
    expect(m.ciHigh).toBeGreaterThanOrEqual(m.kappa);

    // The labels go back out with the dataset.
    const exported = await (await routes.exportDataset.GET(new Request(`http://localhost/api/datasets/${datasetId}/export?format=deepeval-json`), params(datasetId))).json();
    expect(exported[0].turns[1].labels).toEqual({ conversation_relevancy: 'no' });
    expect(exported.filter((c: { turns: { labels?: object }[] }) => c.turns[1].labels).length).toBe(n);

    // The Judges page ranks the run; a model with no known price costs "unknown", not $0.
    for (const [judgeModel, cost] of [['gpt-4.1-mini', 'priced'], ['local-finetune-7b', 'unknown']] as const) {
      await getDb().run.update({ where: { id: runId }, data: { judgeModel } });
      const ranking = await rankJudges(getDb(), 'default', datasetId);
      expect(ranking.rows.map((r) => [r.runId, r.judge, r.cost])).toEqual([[runId, judgeModel, cost]]);
    }
  });

  it('refuses a label that is not yes or no, naming its place, and stores nothing', async () => {
    const bad = [{ id: 'x', turns: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'hello', labels: { conversation_relevancy: 'maybe' } }] }];
    const res = await upload(bad, 'bad-labels');
    expect(res.status).toBe(400);
    const { error } = await res.json();
    expect(error.message).toMatch(/a label is "yes" or "no" \(or pass\/fail\), found "maybe"/);
    expect(error).toMatchObject({ line: 1, fileField: 'turns[1].labels.conversation_relevancy' });
  });

  it('answers an empty report for a run without labelled turns, and 404 for no run', async () => {
    const res = await upload([{ id: 'plain', turns: [{ role: 'user', content: 'Where is parcel 9?' }, { role: 'assistant', content: 'At the depot.' }] }], 'plain');
    const runId = await runToEnd((await res.json()).id);
    expect(await (await routes.agreement.GET(new Request(`${BASE}/runs/${runId}/agreement`), params(runId))).json()).toEqual({ metrics: {} });
    expect((await routes.agreement.GET(new Request(`${BASE}/runs/nope/agreement`), params('nope'))).status).toBe(404);
  });

  it('carries a review to a new upload of the same content, and not to a changed reply', async () => {
    const chat = (id: string, reply: string) => ({ id, turns: [{ role: 'user', content: `Where is parcel ${id}?` }, { role: 'assistant', content: reply }] });
    const first = await upload([chat('p1', 'Parcel p1 is at the depot.'), chat('p2', 'OFFTOPIC: the weather is nice.')], 'reviewed');
    const firstId = (await first.json()).id;
    // A reviewer failed both replies in the first upload.
    const db = getDb();
    for (const row of await db.conversation.findMany({ where: { datasetId: firstId }, select: { id: true, ...conversationSelect } })) {
      const turns = conversationFromRow(row).turns;
      await saveTurnLabel(db, {
        conversationId: row.id,
        turnIndex: 1,
        metric: 'conversation_relevancy',
        verdict: 'no',
        reviewerId: 'u1',
        reviewerEmail: 'rita@example.com',
        note: null,
        contentHash: turnContentHash(turns, 1),
      });
    }
    // The second upload repeats p1 word for word and changes p2's reply.
    const second = await upload([chat('p1', 'Parcel p1 is at the depot.'), chat('p2', 'Parcel p2 arrives tomorrow.')], 'reuploaded');
    const runId = await runToEnd((await second.json()).id);
    const { metrics } = await (await routes.agreement.GET(new Request(`${BASE}/runs/${runId}/agreement`), params(runId))).json();
    expect(metrics.conversation_relevancy.reviewers['rita@example.com'].n).toBe(1);
    // The judge passed p1; the reviewer failed it.
    expect(metrics.conversation_relevancy.confusion).toEqual({ judgeNoHumanNo: 0, judgeNoHumanYes: 0, judgeYesHumanNo: 1, judgeYesHumanYes: 0 });
  });
});
