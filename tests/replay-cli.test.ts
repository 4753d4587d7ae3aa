import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import type { Conversation } from '@/lib/domain/conversation';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { answerByStep, lastUserMessage, startJudgeServer, type JudgeServer } from './helpers/judge-server';
import { promptInput } from './helpers/step-answers';
import { type FreshDatabase, migratedDatabase } from './db/databases';
import { cliEnv, turnwiseInProcess, turnwiseProcess, type CliRun } from './helpers/turnwise-cli';

/*
 * `turnwise replay … --compare-with RUN` as a CI job runs it (first as a subprocess, then through
 * the CLI's entry in this process) on a database holding
 * a recorded dataset and its baseline run; the new model is a scripted server on 127.0.0.1, and
 * so is the judge. A model whose last replies go off topic fails the gate (exit 1); one that
 * answers as well as the recorded replies passes it (exit 0).
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-replay-cli-'));
let database: FreshDatabase;
let url = '';
const names = ['Refund', 'Shipping', 'Warranty', 'Login', 'Billing', 'Upgrade'];
const conversations: Conversation[] = names.map((name) => ({
  name,
  turns: [
    { role: 'user', content: `A question about ${name}?` },
    { role: 'assistant', content: `An answer about ${name}.` },
    { role: 'user', content: `And a follow-up about ${name}?` },
    { role: 'assistant', content: `More about ${name}.` },
  ],
}));

let baseline = '';
let datasetId = '';
let judge: JudgeServer;
let model: JudgeServer;
let offTopic = false;

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  url = database.url;
  const db = createDbClient(url);
  const recorded = await recordEvaluation(db, {
    dataset: { projectId: 'default', name: 'support', sourceFormat: 'turnwise', conversations },
    metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
    judge: createScriptedJudge({
      'conversation_relevancy.relevance': () => ({ verdict: 'yes', reason: 'Answers it.' }),
      reason: () => ({ reason: 'Scripted.' }),
    }),
    judgeName: 'local',
    concurrency: 2,
  });
  baseline = recorded.runId;
  datasetId = recorded.datasetId;
  await db.$disconnect();
  judge = await startJudgeServer({
    handler: answerByStep({
      conversation_relevancy_relevance: (body) =>
        String((promptInput(body) as { assistantMessage: string }).assistantMessage).startsWith('OFF-TOPIC') ? { verdict: 'no', reason: 'Ignores the question.' } : { verdict: 'yes', reason: 'Answers it.' },
      reason: () => ({ reason: 'Scripted.' }),
    }),
  });
  model = await startJudgeServer({
    handler: (body) => ({ content: offTopic && lastUserMessage(body).startsWith('And') ? 'OFF-TOPIC: the lemon cake is ready.' : `New answer to: ${lastUserMessage(body)}` }),
  });
});
afterAll(async () => {
  await judge?.close();
  await model?.close();
  rmSync(tmp, { recursive: true, force: true });
  await database?.drop();
});

/** `turnwise replay <args>` as a subprocess, or through the CLI's entry in this process. */
function turnwise(args: string[], as: 'subprocess' | 'in-process' = 'subprocess'): Promise<CliRun> {
  const env = cliEnv({ DATABASE_URL: url, TURNWISE_JUDGES: JSON.stringify([{ name: 'local', baseUrl: judge.url, models: ['judge-m'] }]), TURNWISE_WORKER_POLL_MS: '100' });
  return as === 'subprocess' ? turnwiseProcess(['replay', ...args], env, 90_000) : turnwiseInProcess(['replay', ...args], env);
}

const gate = (version: string) => [datasetId, '--target-base-url', model.url, '--model', 'new-model', '--model-version', version, '--compare-with', baseline, '--judge-name', 'local', '--judge-model', 'judge-m'];

describe('turnwise replay', () => {
  it('exits 1 when the new model regressed against the baseline run, writing the comparison', { timeout: 90_000 }, async () => {
    offTopic = true;
    const json = path.join(tmp, 'compare.json');
    const run = await turnwise([...gate('v2-bad'), '--json', json]);
    expect(run.stderr).toMatch(/replay \w+: completed; dataset \w+/);
    expect(run.stdout).toContain('Regressed (whole interval below 0): Conversation relevancy');
    expect(run.code).toBe(1);
    expect(JSON.parse(readFileSync(json, 'utf8')).baseline.id).toBe(baseline);
  });

  it('exits 0 when nothing regressed (through the CLI\'s entry in this process)', async () => {
    offTopic = false;
    const run = await turnwise(gate('v2-good'), 'in-process');
    expect(run.stderr).toContain('completed');
    expect(run.code).toBe(0);
  });
});
