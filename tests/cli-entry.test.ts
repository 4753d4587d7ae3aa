import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliEnv } from './helpers/turnwise-cli';
import { migratedDatabase, type FreshDatabase } from './db/databases';

/*
 * The entries as `npm run turnwise` and `npm run worker` start them: the CLI through
 * bin/turnwise.mjs (a bundle it keeps in node_modules/.cache), the worker and the CLI's own
 * entry under tsx, from the TypeScript sources. Every other test that starts a process runs its
 * test-run bundle (tests/helpers/entry-bundles.ts), so this file is what says the real start-up
 * still works.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

function underTsx(entry: string, args: string[], env: NodeJS.ProcessEnv, until?: RegExp): Promise<{ code: number | null; output: string }> {
  return underNode(['--import', 'tsx', entry, ...args], env, until);
}

function underNode(args: string[], env: NodeJS.ProcessEnv, until?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const read = (d: Buffer) => {
      output += d.toString();
      if (until?.test(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('the entries under tsx', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await migratedDatabase('sqlite');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('turnwise prints its usage and exits 2 on an unknown command', async () => {
    const run = await underTsx('bin/turnwise.ts', ['frobnicate'], cliEnv({}));
    expect(run.output).toContain('usage: turnwise eval <file>');
    expect(run.code).toBe(2);
  });

  it('the worker starts on a database and says it takes runs', async () => {
    const run = await underTsx('bin/worker.ts', [], cliEnv({ DATABASE_URL: database.url }), /is taking runs from the \S+ queue/);
    expect(run.output).toMatch(/worker \S+ is taking runs from the \S+ queue/);
    // Below the web server's CPU priority by default, as read back after lowering it.
    expect(run.output).toContain(`worker CPU priority lowered to nice ${Math.min(19, os.getPriority() + 10)} (TURNWISE_WORKER_NICE=10)`);
  });
});

describe('npm run turnwise (bin/turnwise.mjs)', () => {
  const manifestPath = path.join(ROOT, 'node_modules/.cache/turnwise-cli/manifest.json');
  const manifest = () => JSON.parse(readFileSync(manifestPath, 'utf8')) as { dir: string; inputs: Record<string, [number, number]> };

  it('runs the command from a bundle of the sources, made again once a source it holds changed', { timeout: 60_000 }, async () => {
    const first = await underNode(['bin/turnwise.mjs', 'frobnicate'], cliEnv({}));
    expect(first.output).toContain('usage: turnwise eval <file>');
    expect(first.code).toBe(2);
    const made = manifest();
    expect(Object.keys(made.inputs)).toEqual(expect.arrayContaining(['bin/turnwise.ts', 'lib/cli/run-cli.ts', 'tsconfig.json']));
    expect(existsSync(path.join(ROOT, 'node_modules/.cache/turnwise-cli', made.dir, 'turnwise.mjs'))).toBe(true);

    // As if lib/cli/run-cli.ts had been edited since: the next start makes a new bundle.
    writeFileSync(manifestPath, JSON.stringify({ ...made, inputs: { ...made.inputs, 'lib/cli/run-cli.ts': [0, 0] } }));
    const again = await underNode(['bin/turnwise.mjs', '--help'], cliEnv({}));
    expect(again.output).toContain('usage: turnwise eval <file>');
    expect(again.code).toBe(0);
    expect(manifest().dir).not.toBe(made.dir);
    expect(manifest().inputs['lib/cli/run-cli.ts']).not.toEqual([0, 0]);
  });
});
