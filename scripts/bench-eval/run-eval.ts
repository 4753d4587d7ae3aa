import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { treeCpuMs } from '../bench/process-cpu';
import { meanInFlight, type RecordingProxy } from './recording-proxy';

export interface EvalRunOptions {
  /** The checkout whose `turnwise` script runs (its package.json's scripts.turnwise). */
  root: string;
  file: string;
  databaseUrl: string;
  proxy: RecordingProxy;
  /** --metrics; undefined: the command's default set. */
  metrics: string | undefined;
  concurrency: number;
  latencyMs: number;
  /** Extra environment (TURNWISE_JUDGE_CONCURRENCY…). */
  env?: Record<string, string>;
  /** Pass --concurrency to the command (else the environment or the default decides). */
  concurrencyFlag: boolean;
}

export interface EvalRunFigures {
  exitCode: number;
  calls: number;
  wallMs: number;
  floorMs: number;
  wallOverFloor: number;
  /** From the first request to the last answer, over the floor. */
  judgingOverFloor: number;
  firstRequestMs: number;
  cpuBeforeFirstRequestMs: number;
  cpuMs: number;
  cpuMsPerCall: number;
  meanInFlight: number;
  maxInFlight: number;
  /** From the last answer to the end of the command. */
  afterLastAnswerMs: number;
  peakRssMb: number;
}

const PROBE = path.join(import.meta.dirname, 'usage-probe.mjs');

function maxInFlightOf(spans: [number, number][]): number {
  const events = spans.flatMap(([a, b]) => [[a, 1] as const, [b, -1] as const]).sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  let now = 0;
  let max = 0;
  for (const [, d] of events) max = Math.max(max, (now += d));
  return max;
}

/**
 * `turnwise eval` as its package script runs it (scripts.turnwise, with node_modules/.bin on
 * the PATH as npm puts it, without npm's own start), against the recording proxy. Every
 * process of the command loads usage-probe.mjs, so CPU and peak memory count them all.
 */
export async function runEval(options: EvalRunOptions): Promise<EvalRunFigures> {
  const pkg = JSON.parse(readFileSync(path.join(options.root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const usageDir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-usage-'));
  const args = [
    'eval',
    options.file,
    ...(options.metrics ? ['--metrics', options.metrics] : []),
    '--judge-base-url',
    options.proxy.url,
    '--judge-model',
    'sim-judge',
    ...(options.concurrencyFlag ? ['--concurrency', String(options.concurrency)] : []),
  ];
  const command = `${pkg.scripts.turnwise} ${args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OPENAI_') || key.startsWith('TURNWISE_')) delete env[key];
  Object.assign(env, {
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    PATH: `${path.join(options.root, 'node_modules/.bin')}:${process.env.PATH}`,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROBE}`.trim(),
    TURNWISE_BENCH_USAGE_DIR: usageDir,
  });
  options.proxy.reset();
  const started = performance.now() - options.proxy.epoch;
  const child = spawn('/bin/sh', ['-c', `exec ${command}`], { cwd: options.root, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  let cpuBeforeFirstRequestMs = 0;
  options.proxy.onFirstRequest(() => {
    cpuBeforeFirstRequestMs = child.pid ? treeCpuMs(child.pid) : 0;
  });
  const exitCode = await new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const ended = performance.now() - options.proxy.epoch;
  try {
    if (exitCode !== 0 && exitCode !== 1) throw new Error(`turnwise eval exited with ${exitCode}:\n${stderr}`);
    const usage = readdirSync(usageDir).map((f) => JSON.parse(readFileSync(path.join(usageDir, f), 'utf8')) as { cpuMs: number; maxRssKb: number });
    const cpuMs = usage.reduce((sum, u) => sum + u.cpuMs, 0);
    const spans = options.proxy.spans();
    const sending = meanInFlight(spans);
    const calls = spans.length;
    const floorMs = (calls * options.latencyMs) / options.concurrency;
    const wallMs = ended - started;
    return {
      exitCode,
      calls,
      wallMs,
      floorMs,
      wallOverFloor: wallMs / floorMs,
      judgingOverFloor: sending.sendingMs / floorMs,
      firstRequestMs: sending.firstArrival - started,
      cpuBeforeFirstRequestMs,
      cpuMs,
      cpuMsPerCall: (cpuMs - cpuBeforeFirstRequestMs) / Math.max(1, calls),
      meanInFlight: sending.meanInFlight,
      maxInFlight: maxInFlightOf(spans),
      afterLastAnswerMs: ended - sending.lastAnswer,
      peakRssMb: Math.max(...usage.map((u) => u.maxRssKb)) / 1024,
    };
  } finally {
    rmSync(usageDir, { recursive: true, force: true });
  }
}
