import { spawn } from 'node:child_process';
import path from 'node:path';
import { cleanEnv, cpuSecondsOf } from './worker-process';

const root = path.resolve(import.meta.dirname, '../..');

/** The scripted judge (judge-stub.ts) in a process of its own, so its CPU is measured apart. */
export async function startJudgeProcess(latencyMs: number): Promise<{ url: string; cpuSeconds(): number; close(): Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-scale/judge-stub.ts'], {
    cwd: root,
    env: cleanEnv({ BENCH_JUDGE_LATENCY_MS: String(latencyMs) }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (d: Buffer) => {
      output += d.toString();
      const match = /judge (\S+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the judge stub exited (${code}) before it listened:\n${output}`)));
  });
  return {
    url,
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async close() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
