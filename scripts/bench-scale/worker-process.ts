import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** A `bin/worker.ts` process, as `npm run worker` starts it on another machine. */
export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the worker takes runs from the queue. */
  ready: Promise<void>;
  /** Peak resident memory so far (VmHWM), in MB; 0 once it has exited. */
  peakRssMb(): number;
  /** CPU time used so far (user + system), in seconds; 0 once it has exited. */
  cpuSeconds(): number;
  /** SIGTERM (hands its chunks back), SIGKILL after 15 s. */
  stop(): Promise<void>;
}

/** Peak resident set of a live process, in MB (Linux /proc). */
export function peakRssMbOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('VmHWM:'));
    return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU time (user + system) a live process has used, in seconds (Linux /proc, 100 ticks a second). */
export function cpuSecondsOf(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat(5); fields[0] here is field 3.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Only what a worker on its own machine would have: no OPENAI_* or TURNWISE_* of this shell. */
export function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(base)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_') || key === 'DATABASE_URL') delete base[key];
  return { ...base, ...env };
}

export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  // BENCH_SCALE_CPU_PROF=<dir>: each worker writes a CPU profile there when it stops.
  const profile = process.env.BENCH_SCALE_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SCALE_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'bin/worker.ts'], { cwd: root, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = (async () => {
    const deadline = Date.now() + 300_000;
    while (!output.includes('is taking runs from the pg-boss queue')) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`a worker exited before it was ready:\n${output}`);
      if (Date.now() > deadline) throw new Error(`a worker was not ready within 300 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    child,
    output: () => output,
    ready,
    peakRssMb: () => peakRssMbOf(child.pid),
    cpuSeconds: () => cpuSecondsOf(child.pid),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
