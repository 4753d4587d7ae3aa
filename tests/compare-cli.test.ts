import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { createScriptedJudge } from '@/lib/judge/scripted-judge';
import type { Conversation } from '@/lib/domain/conversation';
import { recordEvaluation } from '@/lib/imports/record-evaluation';
import { type FreshDatabase, migratedDatabase } from './db/databases';
import { cliEnv, turnwiseInProcess, turnwiseProcess, type CliRun } from './helpers/turnwise-cli';

/*
 * `turnwise compare` as a user runs it (one test as a subprocess, the others through the CLI's
 * entry in this process) on a database that holds a baseline run,
 * a run where every conversation got worse, and a run with the same answers as the baseline.
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-compare-cli-'));
let database: FreshDatabase;
let url = '';

const names = ['Refund', 'Shipping', 'Warranty', 'Login', 'Billing', 'Upgrade'];
const dataset = (offTopic: boolean): Conversation[] =>
  names.map((name) => ({
    name,
    turns: [
      { role: 'user', content: `A question about ${name}?` },
      { role: 'assistant', content: `An answer about ${name}.` },
      { role: 'user', content: `And a follow-up about ${name}?` },
      { role: 'assistant', content: offTopic ? 'OFF-TOPIC: the lemon cake is ready.' : `More about ${name}.` },
    ],
  }));

let baseline = '';
let worse = '';
let same = '';

beforeAll(async () => {
  database = await migratedDatabase('sqlite');
  url = database.url;
  const db = createDbClient(url);
  const record = async (name: string, conversations: Conversation[]) =>
    (
      await recordEvaluation(db, {
        dataset: { projectId: 'default', name, sourceFormat: 'turnwise', conversations },
        metrics: [{ name: 'conversation_relevancy', options: { windowSize: 1 } }],
        judge: createScriptedJudge({
          'conversation_relevancy.relevance': (input) =>
            input.assistantMessage.startsWith('OFF-TOPIC') ? { verdict: 'no', reason: 'Ignores the question.' } : { verdict: 'yes', reason: 'Answers it.' },
          reason: () => ({ reason: 'Scripted.' }),
        }),
        judgeName: null,
        concurrency: 2,
      })
    ).runId;
  baseline = await record('v1', dataset(false));
  worse = await record('v2', dataset(true));
  same = await record('v3', dataset(false));
  await db.$disconnect();
});
afterAll(async () => {
  rmSync(tmp, { recursive: true, force: true });
  await database?.drop();
});

/** `turnwise compare <args>` in this process, or as a subprocess. */
function turnwise(args: string[], as: 'in-process' | 'subprocess' = 'in-process'): Promise<CliRun> {
  const env = cliEnv({ DATABASE_URL: url });
  return as === 'subprocess' ? turnwiseProcess(['compare', ...args], env) : turnwiseInProcess(['compare', ...args], env);
}

describe('turnwise compare', () => {
  it('prints the per-metric summary and exits 0 without --fail-on-regression', async () => {
    const run = await turnwise([baseline, worse]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Baseline   ${baseline}`);
    expect(run.stdout).toContain('6 conversations matched, 0 only in the baseline, 0 only in this run');
    const line = run.stdout.split('\n').find((l) => l.startsWith('Conversation relevancy'))!;
    // Every conversation lost half its relevancy; 0.5 still meets the 0.5 threshold, so no flips.
    expect(line).toMatch(/1\.000\s+0\.500\s+−0\.500 \[−0\.500, −0\.500\]\s+100% → 100% \(±0 pp\)\s+0\s+0\s+6\s+REGRESSED/);
  });

  it('exits 1 with --fail-on-regression when a metric dropped beyond its interval (as a subprocess, as a user runs it)', { timeout: 60_000 }, async () => {
    const run = await turnwise([baseline, worse, '--fail-on-regression'], 'subprocess');
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Regressed (whole interval below 0): Conversation relevancy');
  });

  it('exits 0 with --fail-on-regression when nothing regressed', async () => {
    const run = await turnwise([baseline, same, '--fail-on-regression']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/Conversation relevancy\s+1\.000\s+1\.000\s+±0\.000 \[±0\.000, ±0\.000\]/);
  });

  it('writes only JSON with --json -, and a file with --json PATH', async () => {
    const run = await turnwise([baseline, worse, same, '--json', '-', '--fail-on-regression']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.candidates.map((c: { id: string }) => c.id)).toEqual([worse, same]);
    expect(report.regressions).toEqual([{ metric: 'conversation_relevancy', runId: worse, difference: -0.5, ciLow: -0.5, ciHigh: -0.5 }]);
    const file = path.join(tmp, 'report.json');
    const toFile = await turnwise([baseline, worse, '--json', file]);
    expect(toFile.code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).baseline.id).toBe(baseline);
  });

  it('exits 2 naming an unknown run, and on missing arguments', async () => {
    const unknown = await turnwise([baseline, 'no-such-run', '--fail-on-regression']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Run no-such-run was not found');
    const missing = await turnwise([baseline]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: turnwise compare');
  });
});
