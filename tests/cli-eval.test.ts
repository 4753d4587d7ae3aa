import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { METRIC_NAMES } from '@/lib/metrics/registry';
import { startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { answerFromSchema } from './helpers/schema-judge';
import { answerLikeOfflineJudge, stepOf } from './helpers/step-answers';
import { cliEnv, turnwiseInProcess, turnwiseProcess, type CliRun } from './helpers/turnwise-cli';
import { llmJudgeRefusal } from '@/lib/metrics/llm-judge-refusal';

/*
 * `turnwise eval` as a user runs it: its database in a temp folder, no OPENAI_* variables. The
 * first test runs it as a subprocess in the repository root; the others call the CLI's entry in
 * this process (tests/helpers/turnwise-cli.ts).
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const SUPPORT = 'tests/fixtures/cli/support-chats.json';
const BROKEN = 'tests/fixtures/cli/broken-record.jsonl';
const BANK = 'tests/fixtures/datasets/deepeval-bank-account.json';

const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let dbCount = 0;
/** A database file of its own, created by the CLI on first use. */
const newDatabaseUrl = (): string => `file:${path.join(tmp, `db-${++dbCount}`, 'turnwise.db')}`;

/** `turnwise eval <args>` in this process (the first test runs it as a subprocess). */
function turnwise(args: string[], databaseUrl = newDatabaseUrl()): Promise<CliRun> {
  return turnwiseInProcess(['eval', ...args], cliEnv({ DATABASE_URL: databaseUrl }));
}

interface ReportVerdict {
  turn: number;
  verdict: string;
  reason: string;
}
interface ReportMetric {
  score: number | null;
  success: boolean;
  reason: string | null;
  verdicts: ReportVerdict[];
}
interface Report {
  conversations: { id: string; metrics: Record<string, ReportMetric> }[];
  usage: { calls: number; promptTokens: number; completionTokens: number; cacheHits: number };
}

type SourceTurn = { role: string; content: string; retrieval_context?: string[]; expected_output?: string };
const source = JSON.parse(readFileSync(path.join(ROOT, SUPPORT), 'utf8')) as { id?: string; name?: string; turns: SourceTurn[] }[];
/** What the CLI must call each conversation: external id, else name, else position. */
const expectedIds = source.map((c, i) => c.id ?? c.name ?? String(i));

/** The documented report shape, and verdicts that point at assistant turns of the file. */
function expectReportShape(report: Report, metrics: string[]): void {
  expect(Object.keys(report).sort()).toEqual(['conversations', 'usage']);
  expect(report.conversations.map((c) => c.id)).toEqual(expectedIds);
  report.conversations.forEach((conversation, i) => {
    expect(Object.keys(conversation.metrics).sort()).toEqual([...metrics].sort());
    for (const result of Object.values(conversation.metrics)) {
      expect(result).toEqual(
        expect.objectContaining({
          score: expect.any(Number),
          success: expect.any(Boolean),
          reason: expect.any(String),
          verdicts: expect.any(Array),
        }),
      );
      for (const v of result.verdicts) {
        expect(v).toEqual(expect.objectContaining({ turn: expect.any(Number), verdict: expect.stringMatching(/^(yes|no|idk)$/), reason: expect.any(String) }));
        // Turns are numbered from 1, as the dashboard numbers them.
        expect(source[i].turns[v.turn - 1]?.role).toBe('assistant');
      }
    }
  });
  expect(report.usage).toEqual(
    expect.objectContaining({
      calls: expect.any(Number),
      promptTokens: expect.any(Number),
      completionTokens: expect.any(Number),
      cacheHits: expect.any(Number),
    }),
  );
}

let server: JudgeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('turnwise eval', { timeout: 60_000 }, () => {
  it('prints the documented JSON report with --json - and exits 0 when every metric passes (as a subprocess, as a user runs it)', async () => {
    const run = await turnwiseProcess(['eval', SUPPORT, '--json', '-'], cliEnv({ DATABASE_URL: newDatabaseUrl() }));

    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as Report;
    // No metric named: those of the default set the file has data for (retrieval context and expected outputs; no context
    // items, so no coverage); turn contextual relevancy judges the retriever, and is scored only when named.
    expectReportShape(report, ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy', 'contextual_recall']);
    expect(run.stderr).toMatch(/not scored by default: turn_contextual_relevancy/);
    const results = report.conversations.flatMap((c) => Object.values(c.metrics));
    expect(results.every((r) => r.success)).toBe(true);
    expect(report.usage.calls).toBeGreaterThan(0);
    expect(report.usage.cacheHits).toBe(0);
    expect(run.stderr).toMatch(/offline heuristic judge/);
  });

  it('exits 1 when a metric fails its threshold, 0 for the same scores under the default threshold', async () => {
    const [strict, lenient] = await Promise.all([
      turnwise([BANK, '--metrics', 'knowledge_retention', '--threshold', '1', '--json', '-']),
      turnwise([BANK, '--metrics', 'knowledge_retention', '--json', '-']),
    ]);

    expect(strict.code, strict.stderr).toBe(1);
    expect(lenient.code, lenient.stderr).toBe(0);
    const failed = (JSON.parse(strict.stdout) as Report).conversations[0].metrics.knowledge_retention;
    const passed = (JSON.parse(lenient.stdout) as Report).conversations[0].metrics.knowledge_retention;
    expect(failed.success).toBe(false);
    expect(failed.score).toBeLessThan(1);
    expect(failed.verdicts.some((v) => v.verdict === 'no')).toBe(true);
    expect(passed.success).toBe(true);
    expect(passed.score).toBe(failed.score);
  });

  it('exits 2 naming the file and line of a broken record, the bad flag, or the missing file', async () => {
    const brokenLine = readFileSync(path.join(ROOT, BROKEN), 'utf8').split('\n').findIndex((l) => l.includes('broken-3')) + 1;
    const [broken, threshold, metrics, missing] = await Promise.all([
      turnwise([BROKEN]),
      turnwise([SUPPORT, '--threshold', 'abc']),
      turnwise([SUPPORT, '--metrics', 'knowledge_retention,nope']),
      turnwise(['tests/fixtures/cli/no-such-file.json']),
    ]);

    for (const run of [broken, threshold, metrics, missing]) {
      expect(run.code, run.stderr).toBe(2);
      expect(run.stdout).toBe('');
    }
    expect(broken.stderr).toContain(BROKEN);
    expect(broken.stderr).toContain(`line ${brokenLine}`);
    expect(threshold.stderr).toMatch(/--threshold: must be a number/);
    expect(metrics.stderr).toMatch(/--metrics: unknown metric "nope"/);
    for (const name of METRIC_NAMES) expect(metrics.stderr).toContain(name);
    expect(missing.stderr).toContain('tests/fixtures/cli/no-such-file.json');
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('--options takes per-metric options as the REST API does, over the flags, and verdicts carry their score', async () => {
    const [windowed, flagOnly] = await Promise.all([
      turnwise([SUPPORT, '--metrics', 'conversation_relevancy,turn_faithfulness', '--window-size', '5', '--options', '{"conversation_relevancy":{"windowSize":1,"threshold":1}}', '--json', '-']),
      turnwise([SUPPORT, '--metrics', 'conversation_relevancy,turn_faithfulness', '--window-size', '5', '--json', '-']),
    ]);
    expect(windowed.code, windowed.stderr).toBeLessThanOrEqual(1);
    expect(flagOnly.code, flagOnly.stderr).toBeLessThanOrEqual(1);
    const withOptions = (JSON.parse(windowed.stdout) as Report).conversations[0].metrics;
    const withFlag = (JSON.parse(flagOnly.stdout) as Report).conversations[0].metrics;
    // The options reached the metric: relevancy's windows are 1 exchange long and its threshold 1 …
    const relevancy = withOptions.conversation_relevancy;
    expect(relevancy.verdicts.length).toBeGreaterThan(0);
    expect(relevancy.success).toBe(relevancy.score === 1);
    // … while turn_faithfulness, which --options does not name, keeps --window-size.
    expect(withOptions.turn_faithfulness).toEqual(withFlag.turn_faithfulness);
    // Verdicts that have a unit score carry it.
    const scored = Object.values(withOptions).flatMap((m) => m.verdicts as (ReportVerdict & { score?: number })[]).filter((v) => v.score !== undefined);
    expect(scored.length).toBeGreaterThan(0);
    for (const v of scored) expect(v.score).toEqual(expect.any(Number));
  }, 120_000);

  it('--options names the field of a bad option, an unknown metric or one the run does not score, and exits 2', async () => {
    const runs = await Promise.all([
      turnwise([SUPPORT, '--options', '{"turn_faithfulness":{"windowSize":0}}']),
      turnwise([SUPPORT, '--options', '{"turn_faithfulness":{"windowsize":3}}']),
      turnwise([SUPPORT, '--options', '{"faithfulness":{}}']),
      turnwise([SUPPORT, '--metrics', 'conversation_relevancy', '--options', '{"turn_faithfulness":{"windowSize":3}}']),
      turnwise([SUPPORT, '--options', '{"turn_faithfulness":']),
    ]);
    for (const run of runs) expect(run.code, run.stderr).toBe(2);
    expect(runs[0].stderr).toMatch(/^turnwise: --options: turn_faithfulness\.windowSize: /m);
    expect(runs[1].stderr).toMatch(/--options: turn_faithfulness\.windowsize: turn_faithfulness has no option windowsize/);
    expect(runs[2].stderr).toMatch(/--options: unknown metric "faithfulness"/);
    expect(runs[3].stderr).toMatch(/--options: turn_faithfulness is not among the metrics of this run/);
    expect(runs[4].stderr).toMatch(/--options: not valid JSON/);
  }, 150_000);

  it('goes through --judge-base-url, and a second identical run is served from the database cache', async () => {
    server = await startJudgeServer({ handler: answerLikeOfflineJudge() });
    const databaseUrl = newDatabaseUrl();
    const args = [SUPPORT, '--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'local-judge', '--metrics', 'knowledge_retention,contextual_recall', '--json', '-'];

    const first = await turnwise(args, databaseUrl);
    const requestsAfterFirst = server.requests.length;
    const second = await turnwise(args, databaseUrl);

    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(first.stderr).toMatch(/judge: openai \(local-judge\)/);
    const one = JSON.parse(first.stdout) as Report;
    const two = JSON.parse(second.stdout) as Report;
    expectReportShape(one, ['knowledge_retention', 'contextual_recall']);
    expect(requestsAfterFirst).toBeGreaterThan(0);
    expect(one.usage.calls).toBe(requestsAfterFirst);
    expect(server.requests.every((r) => r.body.model === 'local-judge' && r.body.response_format?.type === 'json_schema')).toBe(true);
    // Nothing sent the second time; every reply came from the cache in the database file.
    expect(server.requests).toHaveLength(requestsAfterFirst);
    expect(two.usage.calls).toBe(0);
    expect(two.usage.cacheHits).toBeGreaterThan(0);
    expect(two.usage.cacheHits).toBe(one.usage.calls + one.usage.cacheHits);
    expect(two.conversations).toEqual(one.conversations);
  });

  it('keeps TURNWISE_JUDGE_CONCURRENCY requests in flight, and --concurrency over it', async () => {
    const args = ['eval', SUPPORT, '--judge', 'openai', '--judge-model', 'local-judge', '--metrics', 'knowledge_retention,contextual_recall', '--json', '-'];
    const inFlight = async (extra: string[]): Promise<number> => {
      // Replies that take a while, so that every request the command allows is in flight at once.
      const judge = await startJudgeServer({ handler: answerLikeOfflineJudge(), latencyMs: 40 });
      try {
        const run = await turnwiseInProcess([...args, '--judge-base-url', judge.url, ...extra], cliEnv({ DATABASE_URL: newDatabaseUrl(), TURNWISE_JUDGE_CONCURRENCY: '2' }));
        expect(run.code, run.stderr).toBe(0);
        return judge.maxInFlight;
      } finally {
        await judge.close();
      }
    };

    expect(await inFlight([])).toBe(2);
    expect(await inFlight(['--concurrency', '3'])).toBe(3);
  });

  it('scores every metric of a 10-exchange RAG conversation (two documents a turn) with a judge that answers only from the JSON schema', async () => {
    server = await startJudgeServer({ handler: answerFromSchema(5) });
    const file = path.join(tmp, 'rag-ten.json');
    const turns = Array.from({ length: 10 }, (_, i) => [
      { role: 'user', content: `Question ${i + 1}: how long does step ${i + 1} take?` },
      {
        role: 'assistant',
        content: `Step ${i + 1} takes ${i + 2} days.`,
        retrieval_context: [`Step ${i + 1} takes ${i + 2} days.`, `Step ${i + 1} is handled by team ${i % 3}.`],
        expected_output: `It takes ${i + 2} days.`,
        context: [`step ${i + 1} takes ${i + 2} days`],
        tools_called: [{ name: 'lookup_step', input_parameters: { step: i + 1 } }],
      },
    ]).flat();
    const tools = [{ name: 'lookup_step', description: 'How long an onboarding step takes' }];
    writeFileSync(file, JSON.stringify([{ id: 'rag-ten', chatbot_role: 'A patient onboarding assistant.', expected_outcome: 'The user learns how long each step takes.', relevant_topics: ['onboarding steps'], available_tools: tools, turns }]));

    // Named, every metric (the turn contextual ones are not in the default set).
    const run = await turnwise([file, '--metrics', METRIC_NAMES.join(','), '--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'schema-only', '--json', '-']);

    const report = JSON.parse(run.stdout) as Report;
    const metrics = report.conversations[0].metrics;
    expect(Object.keys(metrics).sort()).toEqual([...METRIC_NAMES].sort());
    for (const [name, m] of Object.entries(metrics)) {
      expect(m.score, `${name}: ${run.stderr}`).toEqual(expect.any(Number));
      expect(m.verdicts.filter((v) => v.verdict === 'error'), name).toEqual([]);
    }
  });

  it('--redact takes personal data out of the file before the judge sees it, and --save stores it redacted with its counts', async () => {
    const file = path.join(tmp, 'pii.json');
    const turns = [
      { role: 'user', content: 'I am sam@example.com, card 4111 1111 1111 1111, order ORD-2024-000123.' },
      { role: 'assistant', content: 'Thanks, I will call you on (555) 123-4567.' },
    ];
    writeFileSync(file, JSON.stringify([{ id: 'pii', chatbot_role: 'A clerk; escalate to boss@example.com.', turns }]));
    server = await startJudgeServer({ handler: answerLikeOfflineJudge() });
    const databaseUrl = newDatabaseUrl();
    const bad = await turnwise([file, '--redact', 'emails', '--json', '-'], databaseUrl);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--redact: "emails" is not something to redact/);

    const run = await turnwise([file, '--redact', 'builtin', '--save', '--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'local-judge', '--metrics', 'role_adherence', '--json', '-'], databaseUrl);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/redacted: 2 emails · 1 card · 1 phone \(--redact email,phone,card,ip\)/);
    const sent = JSON.stringify(server.requests.map((r) => r.body.messages));
    expect(server.requests.length).toBeGreaterThan(0);
    for (const value of ['sam@example.com', '4111 1111 1111 1111', '(555) 123-4567', 'boss@example.com']) expect(sent).not.toContain(value);
    expect(sent).toContain('escalate to [EMAIL]');
    expect(sent).toContain('ORD-2024-000123');

    const db = createDbClient(databaseUrl);
    try {
      const stored = await db.conversation.findFirstOrThrow({ select: { redactions: true, chatbotRole: true, dataset: { select: { piiRedaction: true } } } });
      expect(stored).toEqual({
        redactions: { email: 2, card: 1, phone: 1 },
        chatbotRole: 'A clerk; escalate to [EMAIL].',
        dataset: { piiRedaction: { kinds: ['email', 'phone', 'card', 'ip'], patterns: [], sources: [], counts: { email: 2, card: 1, phone: 1 } } },
      });
    } finally {
      await db.$disconnect();
    }
  });

  it('role_adherence: refused on the offline judge before any call, left out when not named, scored by an LLM judge', async () => {
    const file = path.join(tmp, 'wizard.json');
    const turns = [
      { role: 'user', content: 'Hey there!' },
      { role: 'assistant', content: 'Greetings, traveler. My magic is not all that great, I fear.' },
      { role: 'user', content: 'Show me something!' },
      { role: 'assistant', content: "I'm the greatest wizard ever!" },
    ];
    writeFileSync(file, JSON.stringify([{ id: 'wizard', chatbot_role: 'A humble wizard who downplays their magic.', turns }, { id: 'no-role', turns }]));

    const named = await turnwise([file, '--metrics', 'role_adherence', '--json', '-']);
    expect(named.code).toBe(2);
    expect(named.stderr).toMatch(/role_adherence needs an LLM judge/);
    expect(named.stdout).toBe('');

    const unnamed = await turnwise([file, '--json', '-']);
    expect(unnamed.code, unnamed.stderr).toBe(0);
    expect(unnamed.stderr).toMatch(/left out: role_adherence, conversation_completeness, goal_accuracy need an LLM judge/);
    expect(Object.keys((JSON.parse(unnamed.stdout) as Report).conversations[0].metrics)).not.toContain('role_adherence');

    server = await startJudgeServer({ handler: answerLikeOfflineJudge() });
    const judged = await turnwise([file, '--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'local-judge', '--metrics', 'role_adherence', '--json', '-']);
    expect(judged.code, judged.stderr).toBe(0);
    const report = JSON.parse(judged.stdout) as Report;
    // Only the conversation with a chatbot_role is scored: one verdict per assistant turn, numbered from 1.
    expect(report.conversations.map((c) => Object.keys(c.metrics))).toEqual([['role_adherence'], []]);
    expect(report.conversations[0].metrics.role_adherence.verdicts.map((v) => v.turn)).toEqual([2, 4]);
  });

  it('tool_use: scores a file with available and expected tools end to end; a conversation without tools is left out', async () => {
    const file = path.join(tmp, 'tools.json');
    const flights = {
      id: 'flights',
      available_tools: [{ name: 'search_flights', description: 'Flights on a date' }, { name: 'book_flight' }, { name: 'get_weather' }],
      turns: [
        { role: 'user', content: 'Find flights from Lisbon to Paris on 3 May.' },
        { role: 'assistant', content: 'Three flights.', tools_called: [{ name: 'search_flights', input_parameters: { from: 'LIS', to: 'CDG' } }] },
        { role: 'user', content: 'Book the 09:40 one.' },
        { role: 'assistant', content: 'Booked.', tools_called: [{ name: 'get_weather', input_parameters: { city: 'Paris' } }], expected_tools: [{ name: 'book_flight' }] },
        { role: 'user', content: 'Thanks!' },
        { role: 'assistant', content: 'You are welcome.' },
      ],
    };
    writeFileSync(file, JSON.stringify([flights, { id: 'plain', turns: flights.turns.map(({ role, content }) => ({ role, content })) }]));

    const offline = await turnwise([file, '--metrics', 'tool_use', '--json', '-']);
    expect(offline.code).toBe(2);
    expect(offline.stderr).toMatch(/tool_use needs an LLM judge/);

    // The judge gives the first search's arguments 0.5 (no date) and every other judgement 1.
    server = await startJudgeServer({
      handler: answerLikeOfflineJudge((step, input) =>
        step === 'tool_use.arguments' && (input as { userMessages: string }).userMessages.includes('Lisbon')
          ? { content: JSON.stringify({ score: 0.5, reason: 'the date is missing' }) }
          : undefined,
      ),
    });
    const run = await turnwise([file, '--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'local-judge', '--metrics', 'tool_use', '--threshold', '0.7', '--no-reason', '--json', '-']);
    expect(run.code, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.conversations.map((c) => Object.keys(c.metrics))).toEqual([['tool_use'], []]);
    const result = report.conversations[0].metrics.tool_use;
    // Selection: judged 1 (turn 2), 0 against the expected book_flight (turn 4), judged 1 (turn 6) → 2/3;
    // arguments 0.5 and 1 → 0.75; the score is the lower mean, under the threshold 0.7.
    expect(result).toMatchObject({ score: expect.closeTo(2 / 3), success: false });
    expect(result.verdicts.map((v) => [v.turn, v.verdict])).toEqual([
      [2, 'no'],
      [4, 'no'],
    ]);
    expect(result.verdicts[1].reason).toMatch(/Expected book_flight; not called: book_flight/);
    const steps = server.requests.map((r) => stepOf(r.body));
    expect(steps.filter((s) => s === 'tool_use.selection')).toHaveLength(2);
    expect(steps.filter((s) => s === 'tool_use.arguments')).toHaveLength(2);
  });

  it('--save stores the dataset and a completed run with every result and verdict; --json PATH writes the report', async () => {
    const databaseUrl = newDatabaseUrl();
    const reportPath = path.join(tmp, 'report.json');
    const metrics = ['knowledge_retention', 'conversation_relevancy'];

    const run = await turnwise([SUPPORT, '--metrics', metrics.join(','), '--save', '--json', reportPath], databaseUrl);

    expect(run.code, run.stderr).toBe(0);
    // The table goes to stdout; the JSON to the file.
    expect(run.stdout).toMatch(/conversation\s+metric\s+score/);
    for (const id of expectedIds) expect(run.stdout).toContain(id);
    const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
    expectReportShape(report, metrics);

    const db = createDbClient(databaseUrl);
    try {
      const datasets = await db.dataset.findMany({ select: { id: true, conversationCount: true, sourceFileName: true } });
      expect(datasets).toEqual([{ id: expect.any(String), conversationCount: source.length, sourceFileName: 'support-chats.json' }]);
      const conversations = await db.conversation.findMany({
        where: { datasetId: datasets[0].id },
        orderBy: { position: 'asc' },
        select: { id: true, externalId: true, name: true, turnCount: true },
      });
      expect(conversations.map((c) => c.externalId ?? c.name ?? null)).toEqual(source.map((c) => c.id ?? c.name ?? null));
      expect(conversations.map((c) => c.turnCount)).toEqual(source.map((c) => c.turns.length));

      const runs = await db.run.findMany({ select: { id: true, datasetId: true, status: true, totalItems: true, doneItems: true, errorItems: true } });
      expect(runs).toEqual([
        { id: expect.any(String), datasetId: datasets[0].id, status: 'completed', totalItems: source.length * metrics.length, doneItems: source.length * metrics.length, errorItems: 0 },
      ]);

      const results = await db.result.findMany({
        where: { runId: runs[0].id },
        select: { conversationId: true, metric: true, score: true, success: true, verdicts: { select: { turnIndex: true, verdict: true } } },
      });
      expect(results).toHaveLength(source.length * metrics.length);
      expect(new Set(results.map((r) => `${r.conversationId}/${r.metric}`)).size).toBe(results.length);
      // Each stored result matches the report, with one TurnVerdict row per judged turn.
      conversations.forEach((conversation, i) => {
        for (const metric of metrics) {
          const stored = results.find((r) => r.conversationId === conversation.id && r.metric === metric);
          const reported = report.conversations[i].metrics[metric];
          expect(stored).toMatchObject({ score: reported.score, success: reported.success });
          const reportedTurns = [...new Set(reported.verdicts.map((v) => v.turn - 1))].sort((a, b) => a - b);
          expect(stored!.verdicts.map((v) => v.turnIndex).sort((a, b) => a - b)).toEqual(reportedTurns);
        }
      });
      expect(await db.turnVerdict.count({ where: { runId: runs[0].id } })).toBeGreaterThan(0);
    } finally {
      await db.$disconnect();
    }
  });
});

describe('turnwise eval --metric-file', { timeout: 60_000 }, () => {
  const metricFile = (name: string, value: unknown): string => {
    const file = path.join(tmp, name);
    writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value, null, 2));
    return file;
  };
  const delivery = { name: 'delivery_promise', scope: 'turn', criteria: 'The assistant says when the order arrives.', windowSize: 1 };

  it('scores a custom metric beside a built-in one, in --metrics and --options, and --save stores its version with the run', async () => {
    const others = answerLikeOfflineJudge();
    // G-Eval's prompts are deepeval's wording: the scripted judge writes steps and scores each turn 7 of 10.
    server = await startJudgeServer({
      handler: (body, context) =>
        stepOf(body) === 'g_eval.steps'
          ? { content: JSON.stringify({ steps: ['Check whether the assistant says when the order arrives.'] }) }
          : stepOf(body) === 'g_eval.turn'
            ? { content: JSON.stringify({ score: 7, reason: 'Gives a delivery date.' }) }
            : others(body, context),
    });
    const llm = ['--judge', 'openai', '--judge-base-url', server.url, '--judge-model', 'local-judge'];
    const file = metricFile('delivery.json', delivery);
    const databaseUrl = newDatabaseUrl();
    const run = await turnwise(
      [SUPPORT, ...llm, '--metric-file', file, '--metrics', 'delivery_promise,knowledge_retention', '--options', '{"delivery_promise":{"threshold":0.2}}', '--save', '--json', '-'],
      databaseUrl,
    );
    expect([0, 1], run.stderr).toContain(run.code);
    expect(run.stderr).toContain('metric: delivery_promise version 1 (saved)');
    const report = JSON.parse(run.stdout) as Report;
    for (const c of report.conversations) {
      expect(Object.keys(c.metrics).sort()).toEqual(['delivery_promise', 'knowledge_retention']);
      const custom = c.metrics.delivery_promise;
      expect(custom.score).toBeGreaterThanOrEqual(0);
      expect(custom.score).toBeLessThanOrEqual(1);
      // Turn scope: one verdict per assistant turn, numbered from 1 as the pages number them.
      expect(custom.verdicts.length).toBeGreaterThan(0);
      expect(custom.verdicts.every((v) => v.turn % 2 === 0)).toBe(true);
    }

    const db = createDbClient(databaseUrl);
    try {
      const [stored] = await db.customMetric.findMany();
      expect(stored).toMatchObject({ name: 'delivery_promise', version: 1, scope: 'turn', stepsWritten: true });
      const [saved] = await db.run.findMany({ select: { metricSettings: true } });
      const settings = saved.metricSettings as Record<string, { threshold?: number; gEval?: { version: number; definition: { evaluationSteps: string[] } } }>;
      expect(settings.delivery_promise).toMatchObject({ threshold: 0.2, gEval: { version: 1 } });
      expect(settings.delivery_promise.gEval!.definition.evaluationSteps.length).toBeGreaterThan(0);
      expect(await db.result.count({ where: { metric: 'delivery_promise' } })).toBe(report.conversations.length);
    } finally {
      await db.$disconnect();
    }
    // The same file again: the stored version is reused, not duplicated.
    const again = await turnwise([SUPPORT, ...llm, '--metric-file', file, '--metrics', 'delivery_promise', '--save'], databaseUrl);
    expect(again.stderr).toContain('metric: delivery_promise version 1 (unchanged)');
  });

  it('refuses a custom metric on the offline judge before scoring anything: exit 2 with the sentence that an LLM judge is needed', async () => {
    const databaseUrl = newDatabaseUrl();
    const run = await turnwise([SUPPORT, '--metric-file', metricFile('delivery-offline.json', delivery), '--save', '--json', '-'], databaseUrl);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(llmJudgeRefusal(['delivery_promise']));
    expect(run.stdout).toBe('');
    const db = createDbClient(databaseUrl);
    try {
      expect(await db.run.count()).toBe(0);
      expect(await db.customMetric.count()).toBe(0);
    } finally {
      await db.$disconnect();
    }
  });

  it('exits 2 naming the file and the line or field of a bad definition', async () => {
    const broken = metricFile('broken.json', '{\n  "name": "tone",\n  "scope": "conversation",\n  "criteria": "x",,\n}');
    const run = await turnwise([SUPPORT, '--metric-file', broken]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`--metric-file ${broken.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: not valid JSON \\(line 4`));

    const badField = metricFile('bad-field.json', { ...delivery, windowSize: 0 });
    const field = await turnwise([SUPPORT, '--metric-file', badField]);
    expect(field.code).toBe(2);
    expect(field.stderr).toContain(`--metric-file ${badField}: windowSize:`);

    const unknown = await turnwise([SUPPORT, '--metric-file', metricFile('ok.json', delivery), '--metrics', 'delivery_promis']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown metric "delivery_promis"; known: knowledge_retention');
    expect(unknown.stderr).toContain('delivery_promise');
  });
});

describe('turnwise eval on a labelled file', { timeout: 60_000 }, () => {
  it('reports the judge’s agreement with the labels, equal to a count from the report’s own verdicts', async () => {
    const file = 'tests/fixtures/cli/labelled-chats.json';
    const run = await turnwise([file, '--metrics', 'conversation_relevancy', '--json', '-']);
    expect([0, 1], run.stderr).toContain(run.code);
    const report = JSON.parse(run.stdout) as Report & { agreement: Record<string, { n: number; kappa: number | null; confusion: Record<string, number> }> };
    const source = JSON.parse(readFileSync(path.join(ROOT, file), 'utf8')) as { turns: { labels?: Record<string, string> }[] }[];
    const counted = { judgeNoHumanNo: 0, judgeNoHumanYes: 0, judgeYesHumanNo: 0, judgeYesHumanYes: 0 };
    report.conversations.forEach((c, i) => {
      for (const v of c.metrics.conversation_relevancy.verdicts) {
        const human = source[i].turns[v.turn - 1].labels?.conversation_relevancy;
        if (!human || (v.verdict !== 'yes' && v.verdict !== 'no')) continue;
        const key = `judge${v.verdict === 'no' ? 'No' : 'Yes'}Human${human === 'no' ? 'No' : 'Yes'}` as keyof typeof counted;
        counted[key]++;
      }
    });
    expect(report.agreement.conversation_relevancy.confusion).toEqual(counted);
    expect(report.agreement.conversation_relevancy.n).toBe(5);

    const text = await turnwise([file, '--metrics', 'conversation_relevancy']);
    expect(text.stdout).toMatch(/Agreement with people \(labelled turns\):\n {2}conversation_relevancy: 5 turns, kappa /);
  });
});
