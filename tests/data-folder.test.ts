import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migratedDatabase, TEST_POSTGRES_URL } from './db/databases';
import { nodeArgs } from './helpers/entry-bundles';
import { waitFor } from './helpers/wait-for';

/*
 * What the server and the worker write on disk lives in the data folder (./data, or beside the
 * SQLite file): read as a path, a PostgreSQL URL once put the generated server secret into a
 * folder named after it, password included, and that folder was committed.
 */

const ROOT = path.resolve(import.meta.dirname, '..');

/** The repository's files, or null outside a git checkout (a source archive). */
const tracked = (() => {
  try {
    return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
  } catch {
    return null;
  }
})();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** Every path under `dir`, relative, without following links. */
function walk(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const rel = path.relative(base, full);
    return entry.isDirectory() && !entry.isSymbolicLink() ? [rel, ...walk(full, base)] : [rel];
  });
}

/** `entry` (tests/helpers/entry-bundles.ts) run in `cwd` with `env` until it prints `ready`, then stopped. */
async function runUntil(entry: string, cwd: string, env: Record<string, string>, ready: string): Promise<string> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_') || key === 'DATABASE_URL') delete childEnv[key];
  const child = spawn(process.execPath, nodeArgs(entry), { cwd, env: { ...childEnv, TURNWISE_WORKER_NICE: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = once(child, 'exit');
  await waitFor(`${entry} to start`, () => output.includes(ready) || child.exitCode !== null, { timeoutMs: 60_000, detail: () => output });
  if (child.exitCode === null) child.kill('SIGTERM');
  await exited;
  return output;
}

describe('the data folder', () => {
  it.skipIf(tracked === null)('holds no generated secret in the repository, and a URL read as a folder would be ignored', () => {
    if (!tracked) return;
    expect(tracked.length).toBeGreaterThan(100);
    // A folder named like "postgresql:" is a URL written to disk as a path.
    expect(tracked.filter((file) => file.split('/').some((part) => /^[a-z][a-z0-9+.-]*:$/i.test(part)))).toEqual([]);
    expect(tracked.filter((file) => path.basename(file) === 'turnwise-secret')).toEqual([]);
    const ignored = execFileSync('git', ['check-ignore', '--no-index', 'postgresql:/turnwise:pw@db:5432/turnwise-secret', 'data/turnwise-secret'], { cwd: ROOT, encoding: 'utf8' });
    expect(ignored.trim().split('\n')).toHaveLength(2);
  });

  it.skipIf(!TEST_POSTGRES_URL)('on PostgreSQL, the server and the worker write nothing at start but the secret in ./data', async () => {
    const fresh = await migratedDatabase('postgres');
    cleanups.push(() => fresh.drop());
    // A project folder of its own: the working directory is what ./data is relative to.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'turnwise-cwd-'));
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    for (const name of ['node_modules', 'package.json', 'prisma']) fs.symlinkSync(path.join(ROOT, name), path.join(dir, name));
    const env = { DATABASE_URL: fresh.url, TURNWISE_DEMO: '0' };

    const server = await runUntil('tests/db/scripts/start-server-services.ts', dir, env, 'started');
    expect(server).toContain('started');
    const worker = await runUntil('bin/worker.ts', dir, env, 'is taking runs from the pg-boss queue');
    expect(worker).toContain('is taking runs');

    expect(walk(dir).sort()).toEqual(['data', path.join('data', 'turnwise-secret'), 'node_modules', 'package.json', 'prisma']);
    expect(fs.statSync(path.join(dir, 'data', 'turnwise-secret')).mode & 0o777).toBe(0o600);
  }, 120_000);
});
