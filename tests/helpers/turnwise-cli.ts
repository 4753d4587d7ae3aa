import { execFile } from 'node:child_process';
import path from 'node:path';
import { runCli } from '@/lib/cli/run-cli';
import { nodeArgs } from './entry-bundles';

/*
 * `turnwise …` for the CLI tests. One test per command runs it as a user does, a subprocess in
 * the repository root (bin/turnwise.ts, bundled for the test run: tests/helpers/entry-bundles.ts); the others call the same entry, runCli, in
 * this process, which saves the start-up of a new process per case.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** A user's environment for the CLI: this one without OPENAI_* and TURNWISE_* settings, plus `extra`. */
export function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_')) delete env[key];
  return Object.assign(env, extra);
}

/** `turnwise <args>` in a subprocess with `env`; asynchronous, so a judge server in this process can answer it. */
export function turnwiseProcess(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs('bin/turnwise.ts'), ...args], { cwd: ROOT, env, timeout: timeoutMs }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

let previous: Promise<unknown> = Promise.resolve();

/**
 * `turnwise <args>` in this process, as bin/turnwise.ts runs it: process.env is `env` for the
 * duration (the database client and a few defaults read it), and the output is collected.
 * Calls take turns, as the database client is one per process.
 */
export function turnwiseInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const run = previous.then(() => runInProcess(args, env));
  previous = run.catch(() => undefined);
  return run;
}

async function runInProcess(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  const saved = process.env;
  process.env = { ...env };
  let stdout = '';
  let stderr = '';
  try {
    const code = await runCli(args, { env: process.env, stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) });
    return { code, stdout, stderr };
  } finally {
    process.env = saved;
  }
}
