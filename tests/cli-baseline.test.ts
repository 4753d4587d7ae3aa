import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { cliEnv, turnwiseInProcess, turnwiseProcess, type CliRun } from './helpers/turnwise-cli';

/*
 * `turnwise eval --save --baseline <runId>` as a CI job runs it, on one database (one test as a
 * subprocess, the others through the CLI's entry in this process),
 * offline judge (no OPENAI_* variables). The second model version forgets the order number it
 * was given, which the knowledge retention metric catches in every conversation.
 */

const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-baseline-'));
const url = pathToFileURL(path.join(tmp, 'turnwise.db')).href;
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const topics = ['refund', 'shipping', 'warranty', 'login', 'billing', 'upgrade', 'invoice', 'password'];
function datasetFile(name: string, forgetful: boolean): string {
  const file = path.join(tmp, name);
  const conversations = topics.map((topic, i) => ({
    name: `${topic} question`,
    turns: [
      { role: 'user', content: `Hi, I am Alex and my order number is ${1040 + i}. I have a ${topic} question.` },
      { role: 'assistant', content: `Thanks Alex, I found order ${1040 + i}.` },
      { role: 'user', content: `When will the ${topic} be done?` },
      { role: 'assistant', content: forgetful ? 'What is your order number?' : `The ${topic} for order ${1040 + i} is done by Friday.` },
    ],
  }));
  writeFileSync(file, JSON.stringify(conversations));
  return file;
}
const good = datasetFile('bot-v1.json', false);
const forgetful = datasetFile('bot-v2.json', true);

/** `turnwise eval <args> --metrics knowledge_retention` in this process, or as a subprocess. */
function turnwise(args: string[], as: 'in-process' | 'subprocess' = 'in-process'): Promise<CliRun> {
  const argv = ['eval', ...args, '--metrics', 'knowledge_retention'];
  const env = cliEnv({ DATABASE_URL: url });
  return as === 'subprocess' ? turnwiseProcess(argv, env) : turnwiseInProcess(argv, env);
}
const savedRun = (stderr: string): string => {
  const match = /saved: dataset \S+, run (\S+) \(/.exec(stderr);
  if (!match) throw new Error(`no saved run in: ${stderr}`);
  return match[1];
};
async function counts() {
  const db = createDbClient(url);
  try {
    return { datasets: await db.dataset.count(), runs: await db.run.count() };
  } finally {
    await db.$disconnect();
  }
}

let baseline = '';
beforeAll(async () => {
  const run = await turnwise([good, '--save', '--model-version', 'bot v1']);
  expect(run.code, run.stderr).toBe(0);
  baseline = savedRun(run.stderr);
});

describe('turnwise eval --save --baseline', () => {
  it('exits 0 when no metric regressed, and prints the comparison', async () => {
    const run = await turnwise([good, '--save', '--model-version', 'bot v1.1', '--baseline', baseline]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Baseline   ${baseline}`);
    expect(run.stdout).toContain(`Candidate  ${savedRun(run.stderr)}`);
    expect(run.stdout).toContain('8 conversations matched, 0 only in the baseline, 0 only in this run');
    expect(run.stdout).toMatch(/Knowledge retention\s+1\.000\s+1\.000\s+±0\.000 \[±0\.000, ±0\.000\]/);
    expect(run.stdout).not.toContain('REGRESSED');
  });

  it('exits 1 when a metric dropped beyond its confidence interval (as a subprocess, as a user runs it)', { timeout: 60_000 }, async () => {
    const run = await turnwise([forgetful, '--save', '--model-version', 'bot v2', '--baseline', baseline], 'subprocess');
    expect(run.code, run.stderr).toBe(1);
    const candidate = savedRun(run.stderr);
    expect(run.stdout).toMatch(/Knowledge retention\s+1\.000\s+0\.500\s+−0\.500 \[−0\.500, −0\.500\].*REGRESSED/);
    expect(run.stdout).toContain(`Regressed (whole interval below 0): Knowledge retention in run ${candidate} (−0.500)`);
  });

  it('judges by the comparison, not by thresholds the baseline missed too', async () => {
    const first = await turnwise([forgetful, '--save', '--threshold', '0.9']);
    expect(first.code).toBe(1); // without --baseline, a failed threshold is exit 1
    const again = await turnwise([forgetful, '--save', '--threshold', '0.9', '--baseline', savedRun(first.stderr), '--json', '-']);
    expect(again.code, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout);
    expect(report.conversations).toHaveLength(topics.length);
    expect(report.comparison).toMatchObject({ baseline: { id: savedRun(first.stderr) }, regressions: [] });
    expect(report.comparison.candidates[0].id).toBe(savedRun(again.stderr));
  });

  it('exits 2 for --baseline without --save, and for an unknown baseline, before scoring anything', async () => {
    const before = await counts();
    const unsaved = await turnwise([good, '--baseline', baseline]);
    expect(unsaved.code).toBe(2);
    expect(unsaved.stderr).toContain('--baseline: compares the stored run with the baseline, so it needs --save');
    const unknown = await turnwise([good, '--save', '--baseline', 'no-such-run']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Run no-such-run was not found');
    expect(unknown.stdout).toBe('');
    expect(await counts()).toEqual(before);
  });
});
