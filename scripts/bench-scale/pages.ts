import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../lib/db/db-types';
import { writeBenchFile } from '../bench-import/generate';
import { loadPage, startNextServer, stopNextServer, type NextServer } from '../bench/next-server';
import { uploadFile } from '../bench/upload-file';
import type { ProjectRef } from '../../lib/identity/project';
import { projectPath } from '../../lib/nav/project-path';
import { benchProject, fillOtherProjects } from './projects';
import { SQL_LOG_PRELOAD, summarizeSqlLog, type SqlWindow } from './sql-log';
import { writeSyntheticRun } from './synthetic-run';
import { cleanEnv, peakRssMbOf } from './worker-process';

/*
 * The dashboard on PostgreSQL at N conversations × 10 turns: the file imported through the upload
 * route of `next start` and through `turnwise import` (both stream it), two completed runs of 4
 * metrics over the route's dataset (written by SQL: see synthetic-run.ts), then each page timed
 * from this process (the full HTML, on 127.0.0.1): median and p95.
 */

const root = path.resolve(import.meta.dirname, '../..');
const DATASET_NAME = 'bench scale';
const METRICS = ['turn_faithfulness', 'conversation_relevancy', 'knowledge_retention', 'turn_contextual_relevancy'] as const;

export interface PagesOptions {
  conversations: number;
  port: number;
  requests: number;
  /** Time the pages of a database an earlier `--keep` left (its import and runs), without importing again. */
  reuse?: boolean;
  /** A file to log each statement the server sends to PostgreSQL in (sql-log.ts); a summary per page is printed. */
  sqlLog?: string;
  /** Projects on the server (Default and the timed one included); each other one holds a copy of the data (projects.ts). */
  projects: number;
  /** Conversations of each other project's copy. */
  otherConversations: number;
  log: (line: string) => void;
}

export interface PageTime {
  name: string;
  url: string;
  medianMs: number;
  p95Ms: number;
  bytes: number;
}

export interface ImportFigures {
  fileMb: number;
  importSeconds: number;
  importConversationsPerSecond: number;
  cliImportSeconds: number;
  cliPeakRssMb: number;
  runsSeconds: number;
  otherProjectsSeconds: number;
}

export interface PagesFigures {
  /** Null when the pages of a kept database were timed again (nothing imported). */
  imported: ImportFigures | null;
  webPeakRssMb: number;
  pages: PageTime[];
  worstPageP95Ms: number;
  databaseMb: number;
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** Runs `turnwise import` on the file; its wall time and peak RSS (sampled). */
async function cliImport(url: string, file: string, project: ProjectRef): Promise<{ seconds: number; peakRssMb: number; output: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bin/turnwise.ts', 'import', file, '--project', project.slug, '--name', 'bench scale (CLI)', '--model-version', 'cli'], {
    cwd: root,
    env: cleanEnv({ DATABASE_URL: url }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let peak = 0;
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const sampler = setInterval(() => (peak = Math.max(peak, peakRssMbOf(child.pid))), 200);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`turnwise import exited ${code}:\n${output.slice(-3000)}`);
  return { seconds: (performance.now() - started) / 1000, peakRssMb: peak, output };
}

/** The data the pages show: imported and run now, or found in a database an earlier `--keep` left. */
interface BenchData {
  datasetId: string;
  baseline: string;
  candidate: string;
  imported: ImportFigures | null;
}

async function importData(db: Db, url: string, port: number, dir: string, options: PagesOptions, project: ProjectRef, pid: number | undefined): Promise<BenchData> {
  const { conversations, log } = options;
  const file = path.join(dir, 'bench.jsonl');
  const bytes = await writeBenchFile(file, conversations, 10, 42, false);
  const fileMb = bytes / 1024 / 1024;
  log(`wrote ${conversations.toLocaleString('en-US')} conversations × 10 turns: ${fileMb.toFixed(0)} MB`);

  let t = performance.now();
  const upload = await uploadFile(port, file, new URLSearchParams({ name: DATASET_NAME, fileName: 'bench.jsonl', modelVersion: 'v1', project: project.slug }));
  const importSeconds = (performance.now() - t) / 1000;
  const answer = JSON.parse(upload.body) as { ok?: boolean; datasetId?: string; stats?: { conversations: number } };
  if (upload.status !== 201 || !answer.datasetId || answer.stats?.conversations !== conversations) {
    throw new Error(`the upload answered ${upload.status}: ${upload.body.slice(0, 500)}`);
  }
  const datasetId = answer.datasetId;
  log(`import through the upload route: ${importSeconds.toFixed(1)} s, ${Math.round(conversations / importSeconds)} conversations/s, web peak RSS so far ${peakRssMbOf(pid).toFixed(0)} MB`);

  const cli = await cliImport(url, file, project);
  log(`import with turnwise import: ${cli.seconds.toFixed(1)} s (process start and migrations check included), ${Math.round(conversations / cli.seconds)} conversations/s, peak RSS ${cli.peakRssMb.toFixed(0)} MB`);

  t = performance.now();
  const baseline = await writeSyntheticRun(db, { projectId: project.id, datasetId, conversations, metrics: METRICS, modelVersion: 'v1', failShare: 0.2 });
  const candidate = await writeSyntheticRun(db, { projectId: project.id, datasetId, conversations, metrics: METRICS, modelVersion: 'v2', failShare: 0.3 });
  const runsSeconds = (performance.now() - t) / 1000;
  log(`two completed runs of ${METRICS.length} metrics (${(2 * conversations * METRICS.length).toLocaleString('en-US')} results, 5 turn verdicts each) written by SQL and closed: ${runsSeconds.toFixed(1)} s`);
  t = performance.now();
  const others = await fillOtherProjects(db, { total: options.projects, sourceDatasetId: datasetId, conversations: Math.min(options.otherConversations, conversations), metrics: METRICS, log });
  const otherProjectsSeconds = (performance.now() - t) / 1000;
  log(`${others} other project(s) filled in ${otherProjectsSeconds.toFixed(1)} s: ${await db.project.count()} projects on the server`);
  return {
    datasetId,
    baseline,
    candidate,
    imported: {
      fileMb,
      importSeconds,
      importConversationsPerSecond: conversations / importSeconds,
      cliImportSeconds: cli.seconds,
      cliPeakRssMb: cli.peakRssMb,
      runsSeconds,
      otherProjectsSeconds,
    },
  };
}

async function keptData(db: Db, conversations: number, project: ProjectRef): Promise<BenchData> {
  const dataset = await db.dataset.findFirst({ where: { projectId: project.id, name: DATASET_NAME, conversationCount: conversations }, select: { id: true } });
  if (!dataset) throw new Error(`no dataset "${DATASET_NAME}" of ${conversations} conversations in this database: was it kept by a run with the same --conversations?`);
  const runOf = async (modelVersion: string) =>
    (await db.run.findFirstOrThrow({ where: { projectId: project.id, datasetId: dataset.id, modelVersion, status: 'completed' }, select: { id: true } })).id;
  return { datasetId: dataset.id, baseline: await runOf('v1'), candidate: await runOf('v2'), imported: null };
}

export async function benchPages(db: Db, url: string, options: PagesOptions): Promise<PagesFigures> {
  const { log, conversations } = options;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-scale-'));
  let server: NextServer | null = null;
  try {
    const sqlLog = options.sqlLog ? path.resolve(options.sqlLog) : null;
    if (sqlLog) rmSync(sqlLog, { force: true });
    const logEnv: Record<string, string> = sqlLog
      ? { BENCH_SQL_LOG: sqlLog, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${SQL_LOG_PRELOAD}`.trim() }
      : {};
    server = await startNextServer({ databaseUrl: url, port: options.port, readyPath: '/datasets', env: { TURNWISE_WORKER: '0', ...logEnv } });
    const base = `http://127.0.0.1:${options.port}`;
    const pid = server.process.pid;
    const project = await benchProject(db);
    const { datasetId, baseline, candidate, imported } = options.reuse ? await keptData(db, conversations, project) : await importData(db, url, options.port, dir, options, project, pid);
    // The timed project's pages, at its /p/<slug> URLs.
    const at = (href: string) => projectPath(project.slug, href);

    const middle = await db.conversation.findFirstOrThrow({ where: { datasetId, position: Math.floor(conversations / 2) }, select: { id: true } });
    const pages: { name: string; url: string; expect: string }[] = [
      { name: 'datasets list', url: at('/datasets'), expect: DATASET_NAME },
      { name: 'runs list', url: at('/runs'), expect: 'Runs' },
      { name: 'dataset page', url: at(`/datasets/${datasetId}`), expect: DATASET_NAME },
      { name: 'run page', url: at(`/runs/${candidate}`), expect: 'Score distribution' },
      { name: 'results filtered and sorted', url: at(`/runs/${candidate}?metric=turn_faithfulness&failed=1&sort=turn_faithfulness&dir=asc&page=50`), expect: 'Conversations' },
      { name: 'conversation page', url: at(`/runs/${candidate}/conversations/${middle.id}`), expect: 'Judge calls' },
      { name: 'compare page', url: at(`/compare?baseline=${baseline}&candidate=${candidate}`), expect: 'Summary by metric' },
      { name: 'trends page', url: at(`/trends/${datasetId}`), expect: 'Trends' },
      { name: 'dataset search', url: at(`/datasets/${datasetId}?q=refund`), expect: DATASET_NAME },
    ];
    const times: PageTime[] = [];
    const windows: SqlWindow[] = [];
    for (const page of pages) {
      const first = await loadPage(base, page.url, page.expect, server);
      await loadPage(base, page.url, page.expect, server);
      const from = Date.now();
      const ms: number[] = [];
      let size = 0;
      for (let i = 0; i < options.requests; i++) {
        const r = await loadPage(base, page.url, page.expect, server);
        ms.push(r.ms);
        size = r.bytes;
      }
      windows.push({ page: page.name, from, to: Date.now(), views: options.requests });
      const time = { name: page.name, url: page.url, medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95), bytes: size };
      times.push(time);
      log(
        `${page.name.padEnd(28)} median ${time.medianMs.toFixed(0).padStart(5)} ms, p95 ${time.p95Ms.toFixed(0).padStart(5)} ms, first view ${first.ms.toFixed(0)} ms, ${(size / 1024).toFixed(0)} KB  (load ${os.loadavg()[0].toFixed(1)})`,
      );
    }
    if (sqlLog) for (const line of summarizeSqlLog(sqlLog, windows)) log(line);
    const webPeakRssMb = peakRssMbOf(pid);
    const [{ size }] = await db.$queryRawUnsafe<{ size: bigint }[]>('SELECT pg_database_size(current_database()) AS size');
    return {
      imported,
      webPeakRssMb,
      pages: times,
      worstPageP95Ms: Math.max(...times.map((p) => p.p95Ms)),
      databaseMb: Number(size) / 1024 / 1024,
    };
  } finally {
    if (server) await stopNextServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
}
