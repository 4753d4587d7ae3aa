import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { disconnectDb, getDb } from '../lib/db/client';
import { exportRunStream } from '../lib/exports/run-export';
import { loadRunInfo } from '../lib/exports/run-info';
import { createOpenAIJudge } from '../lib/judge/openai-judge';
import { contradictionOnTurn14 } from '../lib/metrics/testing/conversations';
import { recordEvaluation } from '../lib/imports/record-evaluation';
import { migratedDatabase, type FreshDatabase } from './db/databases';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { answerLikeOfflineJudge } from './helpers/step-answers';

/*
 * Per-turn verdicts end to end: a conversation scored through the OpenAI-compatible judge
 * client and a real server on 127.0.0.1, stored as a run, read back as TurnVerdict rows and
 * as the run's verdict export.
 */

let database: FreshDatabase;
const servers: JudgeServer[] = [];
const previousUrl = process.env.DATABASE_URL;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  await disconnectDb();
  process.env.DATABASE_URL = database.url;
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await disconnectDb();
  if (previousUrl === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = previousUrl;
  await database?.drop();
});

async function scoreAndStore(handler: JudgeServerHandler, options: Record<string, unknown>) {
  const server = await startJudgeServer({ handler });
  servers.push(server);
  const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'judge-test', name: 'local' });
  const { runId } = await recordEvaluation(getDb(), {
    dataset: { projectId: 'default', name: `museum ${JSON.stringify(options)}`, sourceFormat: 'turnwise', conversations: [contradictionOnTurn14()] },
    metrics: [{ name: 'turn_faithfulness', options }],
    judge,
    judgeName: 'local',
    concurrency: 8,
  });
  return runId;
}

async function exportedVerdicts(runId: string): Promise<{ turn: number; verdict: string; reason: string }[]> {
  const run = await loadRunInfo(getDb(), 'default', runId);
  const text = await new Response(exportRunStream(getDb(), run, { format: 'json', level: 'verdicts' })).text();
  return (JSON.parse(text) as { verdicts: { turn: number; verdict: string; reason: string }[] }).verdicts;
}

describe('turn faithfulness per turn, stored and exported', () => {
  it.each([1, 3, 10])('marks only turn 14 "no" in the stored result and the export at window size %i', async (windowSize) => {
    const runId = await scoreAndStore(answerLikeOfflineJudge(), { windowSize, includeReason: false });

    const result = await getDb().result.findFirstOrThrow({ where: { runId }, select: { score: true, error: true, steps: true } });
    expect(result.error).toBeNull();
    const rows = await getDb().turnVerdict.findMany({ where: { runId }, orderBy: { turnIndex: 'asc' } });
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.verdict === 'no').map((r) => r.turnIndex + 1)).toEqual([14]);
    expect(rows.find((r) => r.turnIndex === 13)?.reason).toContain('Children under 6 enter for free.');

    // The export numbers turns as the page does.
    const exported = await exportedVerdicts(runId);
    expect(exported.filter((v) => v.verdict === 'no').map((v) => v.turn)).toEqual([14]);
    expect(exported.map((v) => v.turn)).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20]);

    // The score is still the mean of window scores: every window that holds turn 14 scores below 1.
    const windows = (result.steps as { windows: { turn: number; score: number }[] }).windows;
    expect(windows.filter((w) => w.score < 1).map((w) => w.turn + 1)).toEqual([14, 16, 18, 20].slice(0, Math.min(windowSize, 4)));
    expect(result.score).toBeCloseTo(windows.reduce((s, w) => s + w.score, 0) / windows.length);
  });

  it('keeps the judged turns when the judge keeps failing on one, storing that turn as an error with a warning', async () => {
    // Every claims request for turn 8's reply answers a 500 the client is told not to retry.
    const handler = answerLikeOfflineJudge((step, input) =>
      step === 'turn_faithfulness.claims' && (input as { message: string }).message.startsWith('The cafe')
        ? { status: 500, headers: { 'x-should-retry': 'false' }, body: { error: { message: 'upstream failed' } } }
        : undefined,
    );
    const runId = await scoreAndStore(handler, { windowSize: 1, includeReason: false });

    const result = await getDb().result.findFirstOrThrow({ where: { runId }, select: { score: true, error: true, warnings: true } });
    expect(result.error).toBeNull();
    // Nine judged windows, one of them (turn 14) at 0.
    expect(result.score).toBeCloseTo(8 / 9);
    // The endpoint's own answer stays out of stored results (docs/security.md, Keys and judge errors): the status says what failed.
    expect(result.warnings).toEqual([expect.stringMatching(/^Turn 8: .*status 500/)]);
    expect(JSON.stringify(result.warnings)).not.toContain('upstream failed');
    const rows = await getDb().turnVerdict.findMany({ where: { runId }, orderBy: { turnIndex: 'asc' } });
    expect(rows.map((r) => [r.turnIndex + 1, r.verdict]).filter(([, v]) => v !== 'yes')).toEqual([
      [8, 'error'],
      [14, 'no'],
    ]);
    expect(rows.find((r) => r.verdict === 'error')?.reason).toMatch(/status 500/);
  });
});
