/*
 * npm run bench:import [-- --conversations 100000 --turns 10 --port 3290 --build --keep --json]
 *
 * Writes a JSONL dataset (100,000 conversations of 10 turns, about 230 MB; with --json, one JSON
 * list of them: `--json --conversations 124000` is about 250 MB) into a temp folder,
 * starts `next start` on a fresh SQLite database there, uploads the file through the real upload
 * route (POST /api/datasets/import, body streamed from disk), then downloads it back through the
 * export route. Samples the server's resident memory (/proc/<pid>/status VmRSS, and VmHWM) every
 * 50 ms. Ends with one line `BENCH {json}`.
 *
 * With --huge-line 300 it first uploads one JSONL line of 300 MB (made as it is sent) and reports
 * how long the route took to refuse it and the server's peak RSS meanwhile (`--huge-line-only`
 * stops there, without writing the dataset file).
 *
 * Uses the existing production build in .next (run `npx next build` first, or pass --build),
 * copied to the temp folder first: other builds in this checkout then cannot pull it away
 * from under the running server.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBenchFile } from './bench-import/generate';
import { uploadFile, uploadHugeLine } from './bench/upload-file';

const ROOT = path.resolve(import.meta.dirname, '..');

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : Number(process.argv[i + 1]);
}
const flag = (name: string) => process.argv.includes(`--${name}`);

const CONVERSATIONS = arg('conversations', 100_000);
const TURNS = arg('turns', 10);
const PORT = arg('port', 3290);
const HUGE_LINE_MB = arg('huge-line', 0);

/** Reads VmRSS and VmHWM (kB) of a process; null once it is gone. */
function memoryOf(pid: number): { rss: number; hwm: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used. */
function cpuSecondsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s on Linux)
}

class MemorySampler {
  peakRss = 0;
  private timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.timer = setInterval(() => this.sample(), 50);
  }
  sample() {
    const m = memoryOf(this.pid);
    if (m) this.peakRss = Math.max(this.peakRss, m.rss);
  }
  reset() {
    this.peakRss = memoryOf(this.pid)?.rss ?? 0;
  }
  stop() {
    clearInterval(this.timer);
  }
}

async function waitForServer(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${log()}`);
    const ok = await new Promise<boolean>((resolve) => {
      http.get(url, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      }).on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer within 120 s:\n${log()}`);
}

function download(url: string): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    http.get(url, (res) => {
      let bytes = 0;
      let lines = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        for (let i = c.indexOf(10); i !== -1; i = c.indexOf(10, i + 1)) lines++;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes, lines }));
    }).on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A runnable copy of the current build in `dir`: .next (without caches) plus links to the
 * project's node_modules and prisma migrations. Retries while another build is replacing .next.
 */
async function snapshotBuild(dir: string): Promise<string> {
  const app = path.join(dir, 'app');
  const buildId = () => (existsSync(path.join(ROOT, '.next', 'BUILD_ID')) ? readFileSync(path.join(ROOT, '.next', 'BUILD_ID'), 'utf8') : null);
  for (let attempt = 1; attempt <= 30; attempt++) {
    const before = buildId();
    if (before && existsSync(path.join(ROOT, '.next', 'server'))) {
      rmSync(app, { recursive: true, force: true });
      mkdirSync(app, { recursive: true });
      try {
        cpSync(path.join(ROOT, '.next'), path.join(app, '.next'), {
          recursive: true,
          verbatimSymlinks: true,
          filter: (src) => !/[/\\]\.next[/\\](cache|dev|trace|diagnostics)([/\\]|$)/.test(src),
        });
        if (buildId() === before) {
          symlinkSync(path.join(ROOT, 'node_modules'), path.join(app, 'node_modules'));
          symlinkSync(path.join(ROOT, 'prisma'), path.join(app, 'prisma'));
          copyFileSync(path.join(ROOT, 'package.json'), path.join(app, 'package.json'));
          copyFileSync(path.join(ROOT, 'next.config.ts'), path.join(app, 'next.config.ts'));
          // next.config.ts reads the security headers from lib/.
          mkdirSync(path.join(app, 'lib'), { recursive: true });
          copyFileSync(path.join(ROOT, 'lib/security-headers.ts'), path.join(app, 'lib/security-headers.ts'));
          return app;
        }
      } catch {
        // .next changed while we copied it
      }
    }
    console.log('Waiting for a complete build in .next (another build is running)…');
    await sleep(10_000);
  }
  throw new Error('no complete build in .next: run npx next build');
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

async function main() {
  if (flag('build')) {
    console.log('Building the app (next build)…');
    const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    });
    if (built.status !== 0) throw new Error('next build failed');
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-import-'));
  const json = flag('json');
  const fileName = json ? 'bench.json' : 'bench.jsonl';
  const file = path.join(dir, fileName);
  let server: ChildProcess | null = null;
  try {
    let t = performance.now();
    const hugeOnly = flag('huge-line-only');
    const bytes = hugeOnly ? 0 : await writeBenchFile(file, CONVERSATIONS, TURNS, 42, json);
    if (!hugeOnly) console.log(`Wrote ${CONVERSATIONS.toLocaleString('en-US')} conversations × ${TURNS} turns: ${round(mb(bytes))} MB in ${round((performance.now() - t) / 1000)} s (${file})`);

    const dbFile = path.join(dir, 'bench.db');
    const app = await snapshotBuild(dir);
    let serverLog = '';
    server = spawn(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(PORT), '-H', '127.0.0.1'], {
      cwd: app,
      env: { ...process.env, DATABASE_URL: pathToFileURL(dbFile).href, TURNWISE_DEMO: '0', TURNWISE_AUTH: 'off', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (c) => (serverLog += c));
    server.stderr?.on('data', (c) => (serverLog += c));
    const pid = server.pid as number;
    await waitForServer(`http://127.0.0.1:${PORT}/datasets`, server, () => serverLog);
    const sampler = new MemorySampler(pid);
    const idleRss = memoryOf(pid)?.rss ?? 0;
    console.log(`Server pid ${pid} ready on port ${PORT}, idle RSS ${round(idleRss / 1024)} MB`);

    const load = os.loadavg()[0];
    let huge: Record<string, number> = {};
    if (HUGE_LINE_MB > 0) {
      // A small import first, so that what the route costs the first time (code loaded, the database's first writes) is not counted as the line's.
      const warm = await uploadHugeLine(PORT, 0, new URLSearchParams({ name: 'warm-up', fileName: 'warm.jsonl' }));
      if (warm.status !== 201) throw new Error(`the warm-up import got ${warm.status}: ${warm.body.slice(0, 300)}`);
      sampler.reset();
      const warmRss = sampler.peakRss;
      t = performance.now();
      const refused = await uploadHugeLine(PORT, HUGE_LINE_MB, new URLSearchParams({ name: 'huge', fileName: 'huge.jsonl' }));
      const seconds = (performance.now() - t) / 1000;
      sampler.sample();
      const error = (JSON.parse(refused.body) as { error?: { line?: number; fileField?: string; message?: string } }).error;
      if (refused.status !== 400 || error?.line !== 2 || error.fileField !== 'turns[0].content') throw new Error(`a ${HUGE_LINE_MB} MB line got ${refused.status}: ${refused.body.slice(0, 500)}`);
      console.log(`A ${HUGE_LINE_MB} MB line through POST /api/datasets/import: 400 in ${round(seconds, 2)} s ("${error.message}"), peak RSS ${round(sampler.peakRss / 1024)} MB (idle ${round(idleRss / 1024)} MB, after a small import ${round(warmRss / 1024)} MB)`);
      huge = { hugeLineMB: HUGE_LINE_MB, hugeLineSeconds: round(seconds, 2), hugeLinePeakRssMB: round(sampler.peakRss / 1024), hugeLineRssGrowthMB: round((sampler.peakRss - warmRss) / 1024), warmRssMB: round(warmRss / 1024) };
      if (hugeOnly) {
        sampler.stop();
        console.log(`BENCH ${JSON.stringify({ ...huge, serverIdleRssMB: round(idleRss / 1024), loadAverage1m: round(load, 2), cores: os.cpus().length })}`);
        return;
      }
    }
    sampler.reset();
    const cpu0 = cpuSecondsOf(pid);
    t = performance.now();
    const res = await uploadFile(PORT, file, new URLSearchParams({ name: 'bench', fileName, modelVersion: 'bench' }));
    const importSeconds = (performance.now() - t) / 1000;
    const importCpu = cpuSecondsOf(pid) - cpu0;
    sampler.sample();
    const importPeakRss = sampler.peakRss;
    const answer = JSON.parse(res.body) as { ok: boolean; datasetId?: string; stats?: { conversations: number; turns: number }; message?: string };
    if (res.status !== 201 || !answer.ok || !answer.datasetId) throw new Error(`import failed (${res.status}): ${res.body.slice(0, 500)}`);
    if (answer.stats?.conversations !== CONVERSATIONS) throw new Error(`stored ${answer.stats?.conversations} conversations, expected ${CONVERSATIONS}`);
    console.log(
      `Import through POST /api/datasets/import: ${round(importSeconds)} s, ${round(mb(bytes) / importSeconds)} MB/s, ` +
        `${Math.round(CONVERSATIONS / importSeconds)} conversations/s, ${Math.round((answer.stats?.turns ?? 0) / importSeconds)} turns/s; ` +
        `server CPU ${round(importCpu)} s, peak RSS ${round(importPeakRss / 1024)} MB (load average before: ${round(load, 2)} on ${os.cpus().length} cores)`,
    );

    sampler.reset();
    t = performance.now();
    const exported = await download(`http://127.0.0.1:${PORT}/api/datasets/${answer.datasetId}/export?format=jsonl`);
    const exportSeconds = (performance.now() - t) / 1000;
    sampler.sample();
    const exportPeakRss = sampler.peakRss;
    if (exported.status !== 200 || exported.lines !== CONVERSATIONS) throw new Error(`export gave ${exported.status}, ${exported.lines} lines`);
    console.log(`Export through GET /api/datasets/[id]/export?format=jsonl: ${round(exportSeconds)} s, ${round(mb(exported.bytes) / exportSeconds)} MB/s, peak RSS ${round(exportPeakRss / 1024)} MB`);

    const hwm = memoryOf(pid)?.hwm ?? 0;
    sampler.stop();
    const result = {
      ...huge,
      format: json ? 'json' : 'jsonl',
      conversations: CONVERSATIONS,
      turns: answer.stats?.turns ?? 0,
      fileMB: round(mb(bytes)),
      importSeconds: round(importSeconds, 2),
      importMBps: round(mb(bytes) / importSeconds, 2),
      conversationsPerSecond: Math.round(CONVERSATIONS / importSeconds),
      importServerCpuSeconds: round(importCpu, 1),
      importPeakRssMB: round(importPeakRss / 1024),
      exportSeconds: round(exportSeconds, 2),
      exportMBps: round(mb(exported.bytes) / exportSeconds, 2),
      exportPeakRssMB: round(exportPeakRss / 1024),
      serverIdleRssMB: round(idleRss / 1024),
      serverVmHwmMB: round(hwm / 1024),
      loadAverage1m: round(load, 2),
      cores: os.cpus().length,
    };
    console.log(`BENCH ${JSON.stringify(result)}`);
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server?.once('exit', r));
    }
    if (!flag('keep')) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
