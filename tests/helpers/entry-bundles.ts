import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/*
 * The TypeScript entries the tests start as processes (the CLI, the worker, the database
 * scripts), bundled once per test run with esbuild, the compiler tsx runs file by file. A
 * process then starts from one file instead of tsx's loader compiling and resolving a few
 * hundred modules: about 1.4 s of CPU against 4.3 s for `turnwise --help` on this machine.
 * Packages stay external, so the code that runs is the project's own, compiled the same way.
 * Without a bundle (a process started outside a test run) the entry runs under tsx, as
 * `npm run` does; tests/cli-entry.test.ts keeps that path covered.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const ENV = 'TURNWISE_TEST_BUNDLES';

export const TEST_ENTRIES = ['bin/turnwise.ts', 'bin/worker.ts', 'scripts/db/check.ts', 'scripts/db/migrate.ts', 'tests/db/scripts/commit-often.ts', 'tests/db/scripts/start-server-services.ts'];

const outName = (entry: string) => entry.replace(/\.ts$/, '');

/** node's arguments that run `entry` (a path from the repository root): its bundle when this test run made one, else under tsx. */
export function nodeArgs(entry: string): string[] {
  const dir = process.env[ENV];
  const bundle = dir ? path.join(dir, `${outName(entry)}.mjs`) : null;
  return bundle && existsSync(bundle) ? [bundle] : ['--import', 'tsx', path.join(ROOT, entry)];
}

/**
 * Bundles the entries into a folder of this run (so that two runs never read each other's half-written
 * files) and names it in the environment the test workers inherit; returns the function that removes it.
 */
export async function bundleTestEntries(entries: string[] = TEST_ENTRIES): Promise<() => void> {
  const { build } = await import('esbuild');
  const dir = path.join(ROOT, 'node_modules', '.cache', 'turnwise-test-entries', String(process.pid));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: entries.map((entry) => ({ in: entry, out: outName(entry) })),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    logLevel: 'warning',
  });
  process.env[ENV] = dir;
  return () => {
    delete process.env[ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
