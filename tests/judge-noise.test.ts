import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../lib/db/client';
import { startApiServer, waitForRunEnd } from './helpers/api-server';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerLikeOfflineJudge, promptInput, stepOf } from './helpers/step-answers';

/*
 * Judge noise made visible: a scripted judge that alternates its answer on some replies and
 * always gives the same on the others; a run with `samples: 3` asks each step three times (at the
 * sampling temperature, each sample its own cache entry), keeps the majority per turn with its
 * vote share, and marks the alternating turns unstable and no others.
 */

type Routes = {
  datasets: typeof import('../app/api/v1/datasets/route');
  runs: typeof import('../app/api/v1/runs/route');
  run: typeof import('../app/api/v1/runs/[id]/route');
  results: typeof import('../app/api/v1/runs/[id]/results/route');
};
let routes: Routes;
let server: { stop(): Promise<void> };
let judge: JudgeServer;
const BASE = 'http://localhost/api/v1';
const params = (id: string) => ({ params: Promise.resolve({ id }) });
const asked = new Map<string, number>();

beforeAll(async () => {
  judge = await startJudgeServer({
    handler: (body, context) => {
      if (stepOf(body) !== 'conversation_relevancy.relevance') return answerLikeOfflineJudge()(body, context);
      const input = promptInput(body) as { assistantMessage: string };
      // FLAKY replies get yes, no, yes… on successive asks; the others always yes.
      const n = asked.get(input.assistantMessage) ?? 0;
      asked.set(input.assistantMessage, n + 1);
      const verdict = input.assistantMessage.includes('FLAKY') && n % 2 === 1 ? 'no' : 'yes';
      return { content: JSON.stringify({ verdict, reason: verdict === 'yes' ? 'Answers it.' : 'Misses it.' }) };
    },
  });
  server = await startApiServer(judge.url);
  routes = {
    datasets: await import('../app/api/v1/datasets/route'),
    runs: await import('../app/api/v1/runs/route'),
    run: await import('../app/api/v1/runs/[id]/route'),
    results: await import('../app/api/v1/runs/[id]/results/route'),
  };
});
afterAll(async () => {
  await server?.stop();
  await judge?.close();
});

const chats = [
  { name: 'steady', turns: [{ role: 'user', content: 'Where is parcel 1?' }, { role: 'assistant', content: 'Parcel 1 is at the depot.' }] },
  {
    name: 'mixed',
    turns: [
      { role: 'user', content: 'Where is parcel 2?' },
      { role: 'assistant', content: 'FLAKY: parcel 2 may be somewhere.' },
      { role: 'user', content: 'And parcel 3?' },
      { role: 'assistant', content: 'Parcel 3 arrives tomorrow.' },
    ],
  },
];

describe('a run with samples: 3', () => {
  it('marks the turns whose judge answers alternate as unstable, and no others', async () => {
    const form = new FormData();
    form.append('file', new Blob([JSON.stringify(chats)], { type: 'application/json' }), 'noise.json');
    const upload = await routes.datasets.POST(new Request(`${BASE}/datasets`, { method: 'POST', body: form }));
    const datasetId = (await upload.json()).id;
    const res = await routes.runs.POST(
      new Request(`${BASE}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ datasetId, metrics: ['conversation_relevancy'], options: { conversation_relevancy: { windowSize: 1, includeReason: false } }, judge: { kind: 'openai' }, samples: 3 }),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = await res.json();
    await waitForRunEnd((runId) => routes.run.GET(new Request(`${BASE}/runs/${runId}`), params(runId)), id);

    const rows = await getDb().turnVerdict.findMany({ where: { runId: id }, select: { turnIndex: true, verdict: true, voteShare: true, conversation: { select: { name: true } } }, orderBy: [{ conversation: { position: 'asc' } }, { turnIndex: 'asc' }] });
    expect(rows.map((r) => [r.conversation.name, r.turnIndex, r.verdict, r.voteShare])).toEqual([
      ['steady', 1, 'yes', 1],
      // yes, no, yes: the majority with two thirds of the votes, below 0.8.
      ['mixed', 1, 'yes', 2 / 3],
      ['mixed', 3, 'yes', 1],
    ]);
    // Every relevance request was asked three times, at the sampling temperature.
    const relevance = judge.requests.filter((r) => stepOf(r.body) === 'conversation_relevancy.relevance');
    expect(relevance).toHaveLength(3 * 3);
    expect(new Set(relevance.map((r) => r.body.temperature))).toEqual(new Set([0.7]));

    const results = await (await routes.results.GET(new Request(`${BASE}/runs/${id}/results`), params(id))).json();
    const mixed = results.items.find((r: { conversation: { name: string } }) => r.conversation.name === 'mixed');
    expect(mixed.verdicts.map((v: { turn: number; voteShare: number }) => [v.turn, v.voteShare])).toEqual([
      [2, 2 / 3],
      [4, 1],
    ]);
    expect(await getDb().run.findUniqueOrThrow({ where: { id }, select: { samples: true, temperature: true } })).toEqual({ samples: 3, temperature: 0.7 });
  });
});
