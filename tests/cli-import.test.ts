import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createDbClient } from '@/lib/db/client';
import { nodeArgs } from './helpers/entry-bundles';
import { cliEnv, turnwiseInProcess } from './helpers/turnwise-cli';

/*
 * `turnwise import <file>` as a user runs it: a subprocess that streams a file into the
 * database of DATABASE_URL. A file with a bad line stores nothing and names the line.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'turnwise-import-cli-'));
const url = pathToFileURL(path.join(tmp, 'turnwise.db')).href;
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function turnwise(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: url, TURNWISE_DEMO: '0' };
  for (const key of Object.keys(env)) if (key.startsWith('OPENAI_')) delete env[key];
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs('bin/turnwise.ts'), ...args], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const line = (i: number) =>
  JSON.stringify({
    name: `Chat ${i}`,
    turns: [
      { role: 'user', content: `Where is parcel ${i}?` },
      { role: 'assistant', content: `Parcel ${i} arrives tomorrow.` },
    ],
  });

describe('turnwise import', () => {
  it('stores a JSONL file as a dataset; a file with a bad line stores nothing and says where', async () => {
    const good = path.join(tmp, 'chats.jsonl');
    writeFileSync(good, Array.from({ length: 1200 }, (_, i) => line(i)).join('\n') + '\n');
    const ok = await turnwise(['import', good, '--name', 'Chats', '--model-version', 'v7']);
    expect(ok.stderr).not.toMatch(/^(warning|turnwise):/m);
    expect(ok.code).toBe(0);
    const id = /stored dataset (\S+): 1200 conversations, 2400 turns/.exec(ok.stdout)?.[1];
    expect(id).toBeTruthy();

    const bad = path.join(tmp, 'bad.jsonl');
    writeFileSync(bad, [line(0), line(1), '{"turns": [{"role": "robot", "content": "x"}]}', line(3)].join('\n'));
    const refused = await turnwise(['import', bad, '--name', 'Bad']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/bad\.jsonl: .*line 3/);

    const db = createDbClient(url);
    try {
      const datasets = await db.dataset.findMany({ select: { id: true, name: true, modelVersion: true, _count: { select: { conversations: true } } } });
      expect(datasets).toEqual([{ id, name: 'Chats', modelVersion: 'v7', _count: { conversations: 1200 } }]);
      const last = await db.conversation.findFirst({ where: { datasetId: id }, orderBy: { position: 'desc' }, select: { position: true, name: true } });
      expect(last).toEqual({ position: 1199, name: 'Chat 1199' });
    } finally {
      await db.$disconnect();
    }
  }, 120_000);

  it('refuses a 20 MB line at its field while reading it, and a number in chatbot_role, naming line and field', async () => {
    const file = path.join(tmp, 'long.jsonl');
    const huge = `{"turns":[{"role":"user","content":"${'x'.repeat(20 * 1024 * 1024)}"}]}`;
    writeFileSync(file, [line(0), huge, JSON.stringify({ chatbot_role: 3, turns: [{ role: 'user', content: 'hi' }] })].join('\n') + '\n');
    const refused = await turnwise(['import', file, '--name', 'Long']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/line 2, turns\[0\]\.content: content has more than 1,000,000 characters/);
    expect(refused.stderr).toMatch(/line 3, chatbot_role: expected text, found a number/);
  }, 120_000);

  it('--redact stores the file with personal data replaced and says what it took; an unknown pattern stores nothing', async () => {
    const file = path.join(tmp, 'pii.jsonl');
    writeFileSync(file, `${JSON.stringify({ id: 'p1', turns: [{ role: 'user', content: 'Mail ann@example.com or call 555-123-4567 about ORD-555-1234' }, { role: 'assistant', content: 'Done.' }] })}\n`);
    const redactUrl = pathToFileURL(path.join(tmp, 'redact.db')).href;
    const env = cliEnv({ DATABASE_URL: redactUrl, TURNWISE_DEMO: '0' });
    const unknown = await turnwiseInProcess(['import', file, '--redact', 'email,custom:staff'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/--redact: no pattern named "staff"/);
    const ok = await turnwiseInProcess(['import', file, '--redact', 'email,phone'], env);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/pii\.jsonl: redacted 1 email · 1 phone/);
    const db = createDbClient(redactUrl);
    try {
      expect(await db.dataset.count()).toBe(1);
      expect(await db.turn.findFirstOrThrow({ where: { index: 0 }, select: { content: true } })).toEqual({ content: 'Mail [EMAIL] or call [PHONE] about ORD-555-1234' });
    } finally {
      await db.$disconnect();
    }
  });

  it('stores promptfoo’s results.json with its grading as a run promptfoo scored, and says what the format cannot carry', async () => {
    const file = path.join(ROOT, 'tests/fixtures/peers/promptfoo/results.json');
    const out = await turnwise(['import', file, '--name', 'promptfoo eval']);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/stored dataset \S+: 3 conversations, 8 turns \(promptfoo-json\)/);
    const runId = /stored run (\S+) with promptfoo's scores: 7 results of context-faithfulness, contains, overall, llm-rubric, conversation_relevancy/.exec(out.stdout)?.[1];
    expect(runId).toBeTruthy();
    expect(out.stderr).toContain('note: ' + file + ': promptfoo records no time for a turn');
    const db = createDbClient(url);
    try {
      expect(await db.run.findUniqueOrThrow({ where: { id: runId! }, select: { origin: true, status: true } })).toEqual({ origin: 'promptfoo', status: 'completed_with_errors' });
    } finally {
      await db.$disconnect();
    }
  });
});
