import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { nodeArgs } from './entry-bundles';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface WorkerProcess {
  child: ChildProcess;
  output: () => string;
  /** Whether it is still running. */
  alive: () => boolean;
  /** SIGTERM (a graceful stop closes its connections, so its database can be dropped), SIGKILL after 15 s. */
  stop: () => Promise<void>;
}

/** `npm run worker` as a process of its own, with none of the runner's OPENAI_* and TURNWISE_* variables but `env`. */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(childEnv)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_')) delete childEnv[key];
  // At the runner's own CPU priority: on a busy test machine a lowered worker would only be slower.
  childEnv.TURNWISE_WORKER_NICE = '0';
  const child = spawn(process.execPath, nodeArgs('bin/worker.ts'), { cwd: ROOT, env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    child,
    output: () => output,
    alive,
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
