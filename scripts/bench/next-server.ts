/* Serving the production build for the page benchmarks, and timing full page loads. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** `next build` into the project's .next, waiting first for builds already running here. */
export async function buildApp(): Promise<void> {
  while (spawnSync('pgrep', ['-f', 'next build']).status === 0) await new Promise((r) => setTimeout(r, 3000));
  console.log('Building the app (next build)…');
  const result = spawnSync('npx', ['next', 'build'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) {
    process.stderr.write(result.stdout);
    process.stderr.write(result.stderr);
    throw new Error(`next build failed with exit code ${result.status}`);
  }
}

export interface NextServer {
  process: ChildProcess;
  /** What the server printed so far. */
  output(): string;
}

/** `next start` on a SQLite file (or `databaseUrl`), without the demo seed or sign-in; resolves once `readyPath` answers 200. */
export async function startNextServer(options: {
  app?: string;
  dbFile?: string;
  /** Instead of dbFile: any DATABASE_URL (PostgreSQL). */
  databaseUrl?: string;
  port: number;
  readyPath: string;
  env?: Record<string, string>;
}): Promise<NextServer> {
  const server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(options.port), '-H', '127.0.0.1'], {
    cwd: options.app ?? root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // The benchmarks time pages, not sign-in: single-user mode.
    env: {
      TURNWISE_AUTH: 'off',
      ...process.env,
      ...options.env,
      DATABASE_URL: options.databaseUrl ?? `file:${options.dbFile}`,
      TURNWISE_DEMO: '0',
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
    },
  });
  let output = '';
  server.stdout?.on('data', (d) => (output += d));
  server.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${options.port}${options.readyPath}`);
      await res.text();
      if (res.ok) return { process: server, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  server.kill();
  throw new Error(`the server did not answer within 120 s:\n${output}`);
}

export interface Dashboard {
  server: NextServer;
  /** `npm run worker`'s process (the first of them); null when the worker runs inside the web server. */
  worker: ChildProcess | null;
  /** Every worker process (`workers` of them). */
  workers: ChildProcess[];
  stop(): Promise<void>;
}

/**
 * The dashboard as `npm run dashboard` runs it: `next start` without workers inside and the
 * worker (bin/worker.ts) in a process of its own, resolved once the pages answer and the worker
 * says it takes runs (`workers` processes of it, 1 by default, as on several machines).
 * `inProcessWorker` puts the worker back inside the web server instead.
 */
export async function startDashboard(options: {
  dbFile?: string;
  databaseUrl?: string;
  port: number;
  readyPath: string;
  inProcessWorker?: boolean;
  /** Extra settings of the worker process (poll intervals). */
  workerEnv?: Record<string, string>;
  /** Extra settings of the web server process. */
  serverEnv?: Record<string, string>;
  workers?: number;
}): Promise<Dashboard> {
  const databaseUrl = options.databaseUrl ?? `file:${options.dbFile}`;
  const server = await startNextServer({ databaseUrl, port: options.port, readyPath: options.readyPath, env: { ...options.serverEnv, TURNWISE_AUTH: 'off', TURNWISE_WORKER: options.inProcessWorker ? '1' : '0' } });
  const workers: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      workers
        .filter((w) => w.exitCode === null)
        .map((w) => {
          const exited = new Promise((r) => w.once('exit', r));
          w.kill('SIGTERM');
          return exited;
        }),
    );
    await stopNextServer(server);
  };
  if (options.inProcessWorker) return { server, worker: null, workers, stop };
  const started = Array.from({ length: Math.max(1, options.workers ?? 1) }, () => {
    const worker = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'bin/worker.ts')], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TURNWISE_AUTH: 'off', ...options.workerEnv, DATABASE_URL: databaseUrl, TURNWISE_DEMO: '0', TURNWISE_WORKER: '1' },
    });
    workers.push(worker);
    // Started (its sources compiled) once it says it takes runs; its other loops start right after.
    return new Promise<void>((resolve, reject) => {
      let said = '';
      worker.stdout!.on('data', (d: Buffer) => {
        if (said.length < 10_000) said += d.toString();
        if (/taking runs/.test(said)) resolve();
      });
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}): ${said}`)));
    });
  });
  try {
    await Promise.all(started);
  } catch (error) {
    await stop();
    throw error;
  }
  return { server, worker: workers[0], workers, stop };
}

export async function stopNextServer(server: NextServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await exited;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** One full page load from 127.0.0.1: the time until the last byte of the streamed HTML. */
export async function loadPage(base: string, url: string, expect: string, server?: NextServer): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const res = await fetch(base + url);
  const body = await res.text();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}${server ? `; the server said:\n${server.output().slice(-3000)}` : ''}`);
  if (!body.includes(expect)) throw new Error(`${url} does not contain "${expect}"`);
  return { ms, bytes: body.length };
}

/** Median, min and max of `requests` page loads after `warmup` unmeasured ones. */
export async function timePage(
  base: string,
  url: string,
  expect: string,
  counts: { warmup: number; requests: number },
  server?: NextServer,
): Promise<{ median: number; min: number; max: number; bytes: number }> {
  for (let i = 0; i < counts.warmup; i++) await loadPage(base, url, expect, server);
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < counts.requests; i++) {
    const r = await loadPage(base, url, expect, server);
    times.push(r.ms);
    bytes = r.bytes;
  }
  return { median: median(times), min: Math.min(...times), max: Math.max(...times), bytes };
}
