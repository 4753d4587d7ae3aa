import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restoreCell } from '../lib/datasets/csv-cells';
import { disconnectDb, getDb } from '../lib/db/client';
import { summarizeRunResults } from '../lib/db/queries/results/summarize-run-results';
import type { ResultRow } from '../lib/domain/result-row';
import { exportRunStream, RESULT_CSV_COLUMNS, runCsvChunks, VERDICT_CSV_COLUMNS } from '../lib/exports/run-export';
import { loadRunInfo } from '../lib/exports/run-info';
import { createScriptedJudge } from '../lib/judge/scripted-judge';
import type { Conversation } from '../lib/domain/conversation';
import { recordEvaluation } from '../lib/imports/record-evaluation';
import { parseRunSummary } from '../lib/domain/run-summary';
import { migratedDatabase, type FreshDatabase } from './db/databases';

/*
 * The run export route on a run of a few hundred results, stored by the same code as a real run
 * (scripted judge): every row comes out, in order, and spreadsheet formulas are defused.
 */

const CONVERSATIONS = 260;
/** Names a spreadsheet would run as formulas, among ordinary ones. */
const FORMULA_NAMES = ['=HYPERLINK("http://evil.example","click")', '+1+2', '-3', '@SUM(A1:A9)', "'=already quoted"];
const nameOf = (i: number) => (i < FORMULA_NAMES.length ? FORMULA_NAMES[i] : `chat ${i}, "quoted"\nsecond line`);
const broken = (i: number) => i % 50 === 7;

let database: FreshDatabase;
let route: typeof import('../app/api/runs/[id]/export/route');
let runId = '';
const previousUrl = process.env.DATABASE_URL;
const previousAuth = process.env.TURNWISE_AUTH;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
  // The route handlers' own behaviour; sign-in is tested in tests/auth-routes.test.ts.
  process.env.TURNWISE_AUTH = 'off';
  route = await import('../app/api/runs/[id]/export/route');
  const conversations: Conversation[] = Array.from({ length: CONVERSATIONS }, (_, i) => ({
    name: nameOf(i),
    turns: [
      { role: 'user', content: `Question ${i}?` },
      { role: 'assistant', content: broken(i) ? 'BROKEN answer' : `Answer ${i}.` },
      { role: 'user', content: `Follow-up ${i}?` },
      { role: 'assistant', content: broken(i) ? 'BROKEN more' : i % 3 === 0 ? 'OFF-TOPIC: lemon cake.' : `More on ${i}.` },
    ],
  }));
  const judge = createScriptedJudge({
    'conversation_relevancy.relevance': (input) => {
      // The judge fails on every window of a broken conversation, so its result errors as a whole.
      if (input.window.some((m) => m.content.startsWith('BROKEN'))) throw new Error('the judge broke down');
      return input.assistantMessage.startsWith('OFF-TOPIC') ? { verdict: 'no', reason: '=cmd|" /C calc"!A0 off topic' } : { verdict: 'yes', reason: 'On topic.' };
    },
    'knowledge_retention.facts': (input) => ({ facts: [{ key: 'question', values: [input.message] }] }),
    'knowledge_retention.attrition': () => ({ attrition: 'no', reason: '@forgot nothing' }),
    reason: () => ({ reason: '-Scripted reason, with a comma' }),
  });
  const saved = await recordEvaluation(getDb(), {
    dataset: { projectId: 'default', name: 'export test', sourceFormat: 'turnwise', conversations },
    metrics: [
      { name: 'conversation_relevancy', options: { windowSize: 1 } },
      { name: 'knowledge_retention', options: {} },
    ],
    judge,
    judgeName: null,
    concurrency: 8,
  });
  runId = saved.runId;
});
afterAll(async () => {
  await disconnectDb();
  if (previousAuth === undefined) delete process.env.TURNWISE_AUTH;
  else process.env.TURNWISE_AUTH = previousAuth;
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  await database?.drop();
});

const download = (id: string, query: string) => route.GET(new Request(`http://localhost/api/runs/${id}/export${query}`), { params: Promise.resolve({ id }) });

async function readChunks(body: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    chunks++;
    text += decoder.decode(chunk, { stream: true });
  }
  return { text: text + decoder.decode(), chunks };
}

const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: true }).data;

describe('GET /api/runs/:id/export', () => {
  it('writes one CSV row per result, in file order, formulas defused', async () => {
    const res = await download(runId, '?format=csv&level=results');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="run-${runId}-results.csv"`);
    const [header, ...rows] = parseCsv((await readChunks(res.body!)).text);
    expect(header).toEqual([...RESULT_CSV_COLUMNS]);
    expect(rows).toHaveLength(CONVERSATIONS * 2);
    expect(rows.length).toBe(await getDb().result.count({ where: { runId } }));
    expect(rows.map((r) => `${r[2]}:${r[3]}`)).toEqual(
      Array.from({ length: CONVERSATIONS }, (_, i) => [`${i}:conversation_relevancy`, `${i}:knowledge_retention`]).flat(),
    );
    // No cell may start a formula; each comes back to the stored text by the import's rule.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows.slice(0, 10).map((r) => r[1])).toEqual(FORMULA_NAMES.flatMap((n) => [`'${n}`, `'${n}`]));
    expect(rows.slice(0, 10).map((r) => restoreCell(r[1]))).toEqual(FORMULA_NAMES.flatMap((n) => [n, n]));
    expect(rows[10][1]).toBe('chat 5, "quoted"\nsecond line');
    const relevancy0 = rows[0];
    expect(relevancy0.slice(3)).toEqual(['conversation_relevancy', '0.5', 'true', '0.5', "'-Scripted reason, with a comma", '', '']);
    expect(rows[1].slice(3, 8)).toEqual(['knowledge_retention', '1', 'true', '0.5', "'-Scripted reason, with a comma"]);
    const errored = rows.find((r) => r[2] === '7' && r[3] === 'conversation_relevancy')!;
    expect(errored[4]).toBe('');
    expect(errored[8]).toMatch(/the judge broke down/);
  });

  it('writes one CSV row per turn verdict', async () => {
    const res = await download(runId, '?format=csv&level=verdicts');
    expect(res.headers.get('content-disposition')).toContain(`run-${runId}-verdicts.csv`);
    const [header, ...rows] = parseCsv((await readChunks(res.body!)).text);
    expect(header).toEqual([...VERDICT_CSV_COLUMNS]);
    expect(rows.length).toBe(await getDb().turnVerdict.count({ where: { runId } }));
    expect(rows.length).toBeGreaterThan(CONVERSATIONS * 1.5);
    const offTopic = rows.find((r) => r[2] === '3' && r[4] === 'conversation_relevancy' && r[3] === '4')!; // turn 4 as the page counts
    // No vote share with one sample per item.
    expect(offTopic.slice(5)).toEqual(['no', '', `'=cmd|" /C calc"!A0 off topic`, '']);
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('writes the run and its results with verdicts as JSON, and a flat verdict list', async () => {
    const res = await download(runId, '?format=json');
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = JSON.parse((await readChunks(res.body!)).text) as { run: { id: string; status: string; progress: unknown }; results: ResultRow[] };
    expect(body.run).toMatchObject({ id: runId, status: 'completed_with_errors', progress: { done: CONVERSATIONS * 2, total: CONVERSATIONS * 2 } });
    expect(body.results).toHaveLength(CONVERSATIONS * 2);
    // JSON keeps the text as stored: no quote prefix there.
    expect(body.results[0].conversation.name).toBe(FORMULA_NAMES[0]);
    expect(body.results.reduce((n, r) => n + r.verdicts.length, 0)).toBe(await getDb().turnVerdict.count({ where: { runId } }));

    const flat = JSON.parse((await readChunks((await download(runId, '?format=json&level=verdicts')).body!)).text);
    expect(flat.verdicts).toHaveLength(await getDb().turnVerdict.count({ where: { runId } }));
    expect(flat.verdicts[0]).toEqual({ conversation: expect.objectContaining({ position: 0 }), metric: 'conversation_relevancy', turn: 2, verdict: 'yes', score: null, reason: 'On topic.', voteShare: null });
  });

  it('reads the same rows whatever the page size', async () => {
    const run = await loadRunInfo(getDb(), 'default', runId);
    const whole = (await readChunks(exportRunStream(getDb(), run, { format: 'csv', level: 'results' }))).text;
    for (const size of [1, 7, 1000]) {
      expect((await readChunks(exportRunStream(getDb(), run, { format: 'csv', level: 'results' }, size))).text).toBe(whole);
    }
  });

  it('answers 404 for an unknown run and 400 naming a bad parameter', async () => {
    const unknown = await download('no-such-run', '?format=csv');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Run no-such-run was not found' } });
    const badLevel = await download(runId, '?format=csv&level=turns');
    expect(badLevel.status).toBe(400);
    expect(await badLevel.json()).toEqual({ error: { code: 'BAD_INPUT', field: 'level', message: 'level: expected one of results, verdicts' } });
  });
});

describe('streaming', () => {
  it('asks for a page of results only when the previous one is written', async () => {
    let pulled = 0;
    const row = (i: number): ResultRow => ({
      conversation: { id: `c${i}`, key: `k${i}`, externalId: null, name: null, position: i },
      metric: 'm',
      score: 1,
      success: true,
      threshold: 0.5,
      reason: null,
      warnings: [],
      error: null,
      verdicts: [],
    });
    async function* pages() {
      for (let p = 0; p < 100; p++) {
        pulled++;
        yield [row(p * 2), row(p * 2 + 1)];
      }
    }
    const chunks = runCsvChunks('results', pages());
    await chunks.next(); // header
    await chunks.next(); // first page
    expect(pulled).toBe(1);
    await chunks.next();
    expect(pulled).toBe(2);
    await chunks.return(undefined);
  });

  it('gives a run in progress the summary of what is stored, equal to the final one', async () => {
    const live = await summarizeRunResults(getDb(), runId);
    const stored = parseRunSummary((await getDb().run.findUniqueOrThrow({ where: { id: runId } })).summary);
    expect(live).toEqual(stored);
    expect(live.conversation_relevancy.errors).toBe(Array.from({ length: CONVERSATIONS }, (_, i) => i).filter(broken).length);
    expect(live.knowledge_retention).toEqual({ mean: 1, passRate: 1, count: CONVERSATIONS, errors: 0 });
  });
});
