/*
 * npm run bench:otlp [-- --seconds 20 --clients 4 --traces 100 --turns 5 --score-sample 2 --port 3490 --postgres <url> --postgres-only --workers 1 --pg-profile --no-build]
 *
 * Sustained OTLP ingest through the real server: `next start` (no workers inside) and `npm run
 * worker` in its own process, on a fresh SQLite file and, with --postgres <server url>, on a
 * PostgreSQL database it makes and drops. --clients exporters post protobuf batches of --traces
 * traces (a request span and its chat span: two spans a trace) for --seconds; each batch adds one
 * turn to --traces conversations, up to --turns turns each. Meanwhile one client loads the datasets
 * list and the live dataset's page one after another. Then the backlog drains.
 *
 * Figures per database: spans/s accepted by the receiver, spans/s ingested (first receipt to the
 * last batch turned into conversations: the sustained rate), receipt-to-materialized p50/p95 (a
 * batch's receivedAt to processedAt: its conversations are rewritten before it is marked), request
 * p50/p95, what the worker-thread id check costs a body (and what decoding it on the event loop
 * would have blocked), CPU ms per 1,000 spans of the web server, the worker and PostgreSQL's server
 * processes for the database (from /proc, so Linux only), and page p95 while ingesting (and, as a
 * control, of 20 loads before the traffic: the machine's load alone). Goals: ≥ 1,000 spans/s on SQLite, ≥ 5,000 on
 * PostgreSQL, page p95 ≤ 300 ms. And the time from a conversation's close to its scores: an online
 * rule (offline judge, conversation_relevancy, idle time 1 minute, --score-sample percent of the
 * conversations, the worker looking every second) is made before the traffic starts; once the
 * backlog drains, the bench waits until every sampled conversation is scored and takes, for each,
 * its score's time minus its close (last activity + idle time). Ends with `BENCH {json}`.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import { type Db } from '../lib/db/db-types';
import { ensureDatabase } from '../lib/db/migrations';
import { createPostgresDatabase, dropPostgresDatabase } from '../lib/db/postgres-adapter';
import { checkIds } from '../lib/ingest/id-check';
import { decodeExport } from '../lib/ingest/otlp-codec';
import { inSample } from '../lib/online/sample';
import { buildApp, startDashboard, type Dashboard } from './bench/next-server';
import { otlpBatchBody } from './bench/otlp-batch';
import { startPgCpuProfile, type PgCpuProfile } from './bench/pg-cpu-profile';
import { cpuOfChangingSet, treeCpuMs } from './bench/process-cpu';

const GOAL = { sqlite: 1000, postgres: 5000 };
const TARGET_PAGE_P95_MS = 300;
const IDLE_MINUTES = 1;

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '20' },
    clients: { type: 'string', default: '4' },
    traces: { type: 'string', default: '100' },
    turns: { type: 'string', default: '5' },
    port: { type: 'string', default: '3490' },
    postgres: { type: 'string' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-otlp' },
    'drain-seconds': { type: 'string', default: '300' },
    'score-sample': { type: 'string', default: '2' },
    'score-wait-seconds': { type: 'string', default: '300' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    /** Skip the SQLite run (with --postgres). */
    'postgres-only': { type: 'boolean', default: false },
    /** Worker processes sharing the stored batches (by lease), as on several machines. */
    workers: { type: 'string', default: '1' },
    /** Print where PostgreSQL's CPU went, by statement (scripts/bench/pg-cpu-profile.ts). */
    'pg-profile': { type: 'boolean', default: false },
  },
});
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const TRACES = Number(args.traces);
const TURNS = Number(args.turns);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const batchBody = (b: number, salt: number) => otlpBatchBody(b, { traces: TRACES, turns: TURNS, salt, service: 'shop-bot' });

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

/** What the receiver's worker-thread check costs one body, and what decoding it on the event loop would block. */
async function checkCost(): Promise<{ checkMs: number; inlineDecodeMs: number; bodyKb: number }> {
  const body = batchBody(0, 1);
  await checkIds('traces', 'protobuf', false, body);
  const check: number[] = [];
  const inline: number[] = [];
  for (let i = 0; i < 30; i++) {
    let t = performance.now();
    await checkIds('traces', 'protobuf', false, body);
    check.push(performance.now() - t);
    t = performance.now();
    decodeExport('traces', 'protobuf', false, body);
    inline.push(performance.now() - t);
  }
  return { checkMs: quantile(check, 0.5), inlineDecodeMs: quantile(inline, 0.5), bodyKb: body.byteLength / 1024 };
}

interface Figures {
  acceptedSpansPerS: number;
  ingestSpansPerS: number;
  spans: number;
  drained: boolean;
  receiptToMaterializedP50S: number;
  receiptToMaterializedP95S: number;
  requestP50Ms: number;
  requestP95Ms: number;
  refused: number;
  datasetsP95Ms: number;
  liveDatasetP95Ms: number;
  pagesP95Ms: number;
  pageLoads: number;
  idlePagesP95Ms: number;
  conversations: number;
  turns: number;
  closeToScoresP50S: number;
  closeToScoresP95S: number;
  scored: number;
  sampled: number;
  /** CPU ms per 1,000 spans ingested, from the first request to the drained backlog. */
  webCpuMsPer1k: number;
  workerCpuMsPer1k: number;
  postgresCpuMsPer1k: number;
}

async function benchOne(provider: 'sqlite' | 'postgres', salt: number): Promise<Figures> {
  let url: string;
  let drop = async () => undefined as void;
  if (provider === 'sqlite') {
    const dir = path.join(args.dir, 'sqlite');
    mkdirSync(dir, { recursive: true });
    url = `file:${path.join(dir, 'bench.db')}`;
  } else {
    const name = `turnwise_bench_otlp_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
    url = await createPostgresDatabase(args.postgres!, name);
    drop = () => dropPostgresDatabase(args.postgres!, name);
  }
  let dashboard: Dashboard | null = null;
  let db: Db | null = null;
  try {
    await ensureDatabase(url);
    db = createDbClient(url);
    Object.assign(process.env, { TURNWISE_OTLP_MAX_PENDING: '1000000' });
    dashboard = await startDashboard({ databaseUrl: url, port: PORT, readyPath: '/datasets', workerEnv: { TURNWISE_INGEST_POLL_MS: '100', TURNWISE_ONLINE_POLL_MS: '1000' }, workers: Number(args.workers) });
    // Warm-up, not measured: the route's and the pages' code loaded, the live dataset made.
    const warm = await fetch(`${BASE}/api/otel/v1/traces`, { method: 'POST', body: batchBody(1_000_000, salt), headers: { 'content-type': 'application/x-protobuf' } });
    if (warm.status !== 200) throw new Error(`the warm-up batch was refused: ${warm.status} ${await warm.text()}`);
    while ((await db.otlpBatch.count({ where: { processedAt: null } })) > 0) await sleep(200);
    const liveDataset = await db.liveDataset.findFirstOrThrow({ select: { datasetId: true } });
    for (const page of ['/datasets', `/datasets/${liveDataset.datasetId}`]) await (await fetch(BASE + page)).text();
    await db.otlpBatch.deleteMany();
    const rule = await fetch(`${BASE}/api/v1/online-rules`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bench', datasetIds: [liveDataset.datasetId], metrics: [{ name: 'conversation_relevancy' }], judge: { kind: 'offline' }, sampleRate: Number(args['score-sample']), idleMinutes: IDLE_MINUTES }),
    });
    if (!rule.ok) throw new Error(`the online rule was refused: ${rule.status} ${await rule.text()}`);

    // The same pages before any traffic: what the machine's load alone makes of them.
    const idlePageMs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await (await fetch(BASE + (i % 2 ? `/datasets/${liveDataset.datasetId}` : '/datasets'))).text();
      idlePageMs.push(performance.now() - t);
      await sleep(50);
    }

    // CPU of the web server, the worker and (PostgreSQL) the database's server processes, sampled as their pools change.
    const webPid = dashboard.server.process.pid!;
    const workerPids = dashboard.workers.map((w) => w.pid!);
    const workersCpuMs = () => workerPids.reduce((sum, pid) => sum + treeCpuMs(pid), 0);
    const cpuAtStart = { web: treeCpuMs(webPid), worker: workersCpuMs() };
    const backends = cpuOfChangingSet();
    const profile: PgCpuProfile | null = provider === 'postgres' && args['pg-profile'] ? await startPgCpuProfile(url) : null;
    const sampleBackends = async () => {
      if (provider === 'postgres') backends.sample((await db!.$queryRawUnsafe<{ pid: number }[]>('SELECT pid FROM pg_stat_activity WHERE datname = current_database()')).map((r) => r.pid).filter((pid) => pid !== profile?.pid));
    };
    await sampleBackends();
    const sampler = setInterval(() => void sampleBackends().catch(() => undefined), 500);

    const deadline = Date.now() + Number(args.seconds) * 1000;
    let next = 0;
    let spansSent = 0;
    let refused = 0;
    const requestMs: number[] = [];
    const started = Date.now();
    const client = async () => {
      while (Date.now() < deadline) {
        const body = batchBody(next++, salt);
        const t = performance.now();
        const res = await fetch(`${BASE}/api/otel/v1/traces`, { method: 'POST', body, headers: { 'content-type': 'application/x-protobuf' } });
        await res.arrayBuffer();
        requestMs.push(performance.now() - t);
        if (res.status === 200) spansSent += TRACES * 2;
        else {
          refused += 1;
          await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
        }
      }
    };
    const producing = Promise.all(Array.from({ length: Number(args.clients) }, client));
    let producerDone = false;
    let producedS = 0;
    void producing.then(() => {
      producerDone = true;
      producedS = (Date.now() - started) / 1000;
    });

    // Pages while ingesting: the datasets list, and the live dataset's page once it exists.
    const pageTimes = { datasets: [] as number[], live: [] as number[] };
    let liveId: string | null = null;
    const pending = () => db!.otlpBatch.count({ where: { processedAt: null } });
    const timePages = async () => {
      for (let i = 0; !producerDone || (await pending()) > 0; i++) {
        liveId ??= (await db!.liveDataset.findFirst({ select: { datasetId: true } }))?.datasetId ?? null;
        const live = i % 2 === 1 && liveId;
        const page = live ? `/datasets/${liveId}` : '/datasets';
        const t = performance.now();
        const res = await fetch(BASE + page);
        await res.text();
        if (!res.ok) throw new Error(`${page} answered ${res.status}`);
        (live ? pageTimes.live : pageTimes.datasets).push(performance.now() - t);
        await sleep(50);
        if (Date.now() - started > (Number(args.seconds) + Number(args['drain-seconds'])) * 1000) break;
      }
    };
    await Promise.all([producing, timePages()]);
    const drainUntil = Date.now() + Number(args['drain-seconds']) * 1000;
    while ((await pending()) > 0 && Date.now() < drainUntil) await sleep(200);
    clearInterval(sampler);
    await sampleBackends();
    const cpuMs = { web: treeCpuMs(webPid) - cpuAtStart.web, worker: workersCpuMs() - cpuAtStart.worker, postgres: backends.total() };
    const profiled = await profile?.stop();
    const batches = await db.otlpBatch.findMany({ select: { receivedAt: true, processedAt: true, error: true } });
    const done = batches.filter((b) => b.processedAt);
    if (profiled) {
      const k = (done.length * TRACES * 2) / 1000;
      console.log(`\nPostgreSQL CPU by statement (sampled; ${(profiled.totalMs / k).toFixed(0)} ms per 1,000 spans in all):`);
      for (const e of profiled.byStatement.slice(0, 30)) console.log(`  ${(e.cpuMs / k).toFixed(1).padStart(6)} ms  ${String(e.samples).padStart(6)}×  ${e.shape}`);
    }
    const errors = done.filter((b) => b.error);
    if (errors.length) console.log(`  ${errors.length} batches failed; first: ${errors[0].error}`);
    const first = Math.min(...batches.map((b) => b.receivedAt.getTime()));
    const last = Math.max(...done.map((b) => b.processedAt!.getTime()));
    const lag = done.map((b) => (b.processedAt!.getTime() - b.receivedAt.getTime()) / 1000);
    const conversations = await db.conversation.count({ where: { datasetId: liveDataset.datasetId } });
    const turns = await db.turn.count({ where: { conversation: { datasetId: liveDataset.datasetId } } });

    // Close to scores: every sampled conversation scored at its current turn count, or the wait is over.
    const live = (await db.conversation.findMany({ where: { datasetId: liveDataset.datasetId }, select: { externalId: true, turnCount: true, lastActivityAt: true } })).filter((c) =>
      inSample(c.externalId!, Number(args['score-sample'])),
    );
    const scoreWaitUntil = Date.now() + Number(args['score-wait-seconds']) * 1000;
    let closeToScores: number[] = [];
    for (;;) {
      const scores = new Map(
        (await db.onlineScore.findMany({ where: { supersededAt: null }, select: { externalId: true, turnCount: true, createdAt: true } })).map((s) => [s.externalId, s]),
      );
      closeToScores = live.flatMap((c) => {
        const score = scores.get(c.externalId!);
        return score && score.turnCount === c.turnCount ? [(score.createdAt.getTime() - (c.lastActivityAt!.getTime() + IDLE_MINUTES * 60_000)) / 1000] : [];
      });
      if (closeToScores.length === live.length || Date.now() > scoreWaitUntil) break;
      await sleep(1000);
    }
    const all = [...pageTimes.datasets, ...pageTimes.live];
    const ingested = (done.length * TRACES * 2) / 1000;
    return {
      webCpuMsPer1k: cpuMs.web / ingested,
      workerCpuMsPer1k: cpuMs.worker / ingested,
      postgresCpuMsPer1k: cpuMs.postgres / ingested,
      acceptedSpansPerS: spansSent / producedS,
      ingestSpansPerS: (done.length * TRACES * 2) / ((last - first) / 1000),
      spans: spansSent,
      drained: done.length === batches.length,
      receiptToMaterializedP50S: quantile(lag, 0.5),
      receiptToMaterializedP95S: quantile(lag, 0.95),
      requestP50Ms: quantile(requestMs, 0.5),
      requestP95Ms: quantile(requestMs, 0.95),
      refused,
      datasetsP95Ms: quantile(pageTimes.datasets, 0.95),
      liveDatasetP95Ms: quantile(pageTimes.live, 0.95),
      pagesP95Ms: quantile(all, 0.95),
      pageLoads: all.length,
      idlePagesP95Ms: quantile(idlePageMs, 0.95),
      conversations,
      turns,
      closeToScoresP50S: quantile(closeToScores, 0.5),
      closeToScoresP95S: quantile(closeToScores, 0.95),
      scored: closeToScores.length,
      sampled: live.length,
    };
  } finally {
    await dashboard?.stop();
    await db?.$disconnect();
    await drop();
  }
}

function report(provider: 'sqlite' | 'postgres', f: Figures) {
  console.log(`\n${provider}: ${f.spans} spans sent in ${args.clients} clients × batches of ${TRACES * 2} spans; ${f.conversations} conversations, ${f.turns} turns stored${f.drained ? '' : ' (backlog NOT drained)'}`);
  console.log(`  accepted by the receiver   ${f.acceptedSpansPerS.toFixed(0).padStart(7)} spans/s  (request p50 ${f.requestP50Ms.toFixed(0)} ms, p95 ${f.requestP95Ms.toFixed(0)} ms, ${f.refused} refused)`);
  console.log(`  ingested (sustained)       ${f.ingestSpansPerS.toFixed(0).padStart(7)} spans/s  goal ≥ ${GOAL[provider]}: ${f.ingestSpansPerS >= GOAL[provider] ? 'PASS' : 'FAIL'}`);
  console.log(`  receipt → materialized     p50 ${f.receiptToMaterializedP50S.toFixed(1)} s, p95 ${f.receiptToMaterializedP95S.toFixed(1)} s`);
  console.log(`  close → scores             p50 ${f.closeToScoresP50S.toFixed(1)} s, p95 ${f.closeToScoresP95S.toFixed(1)} s  (${f.scored} of ${f.sampled} sampled conversations scored; idle time ${IDLE_MINUTES} min, online poll 1 s)`);
  console.log(`  CPU per 1,000 spans        web server ${f.webCpuMsPer1k.toFixed(0)} ms, worker ${f.workerCpuMsPer1k.toFixed(0)} ms${provider === 'postgres' ? `, PostgreSQL ${f.postgresCpuMsPer1k.toFixed(0)} ms` : ''}`);
  console.log(`  pages while ingesting      datasets p95 ${f.datasetsP95Ms.toFixed(0)} ms, live dataset p95 ${f.liveDatasetP95Ms.toFixed(0)} ms (${f.pageLoads} loads)  target ≤ ${TARGET_PAGE_P95_MS}: ${f.pagesP95Ms <= TARGET_PAGE_P95_MS ? 'PASS' : 'FAIL'}`);
  console.log(`  pages before the traffic   p95 ${f.idlePagesP95Ms.toFixed(0)} ms (20 loads: the machine's load alone)`);
}

async function main() {
  if (!args['no-build']) await buildApp();
  rmSync(args.dir, { recursive: true, force: true });
  mkdirSync(args.dir, { recursive: true });
  const cost = await checkCost();
  console.log(`Load average before: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${cpus().length} cores.`);
  console.log(`Id check of one ${cost.bodyKb.toFixed(0)} KB body (${TRACES * 2} spans) on the worker thread: ${cost.checkMs.toFixed(1)} ms median per request; decoding it on the event loop would block it ${cost.inlineDecodeMs.toFixed(1)} ms.`);
  const results: Partial<Record<'sqlite' | 'postgres', Figures>> = {};
  if (!(args['postgres-only'] && args.postgres)) {
    results.sqlite = await benchOne('sqlite', 1);
    report('sqlite', results.sqlite);
  }
  if (args.postgres) {
    results.postgres = await benchOne('postgres', 2);
    report('postgres', results.postgres);
  }
  const flat: Record<string, number> = { id_check_ms: round(cost.checkMs, 2), inline_decode_ms: round(cost.inlineDecodeMs, 2), body_kb: round(cost.bodyKb, 1), clients: Number(args.clients), workers: Number(args.workers), spans_per_batch: TRACES * 2 };
  for (const [provider, f] of Object.entries(results) as ['sqlite' | 'postgres', Figures][]) {
    Object.assign(flat, {
      [`${provider}_accepted_spans_per_s`]: Math.round(f.acceptedSpansPerS),
      [`${provider}_ingest_spans_per_s`]: Math.round(f.ingestSpansPerS),
      [`${provider}_spans`]: f.spans,
      [`${provider}_drained`]: f.drained ? 1 : 0,
      [`${provider}_receipt_to_materialized_p50_s`]: round(f.receiptToMaterializedP50S, 2),
      [`${provider}_receipt_to_materialized_p95_s`]: round(f.receiptToMaterializedP95S, 2),
      [`${provider}_request_p50_ms`]: Math.round(f.requestP50Ms),
      [`${provider}_request_p95_ms`]: Math.round(f.requestP95Ms),
      [`${provider}_datasets_page_p95_ms`]: Math.round(f.datasetsP95Ms),
      [`${provider}_live_dataset_page_p95_ms`]: Math.round(f.liveDatasetP95Ms),
      [`${provider}_page_p95_ms`]: Math.round(f.pagesP95Ms),
      [`${provider}_idle_page_p95_ms`]: Math.round(f.idlePagesP95Ms),
      [`${provider}_web_cpu_ms_per_1k_spans`]: Math.round(f.webCpuMsPer1k),
      [`${provider}_worker_cpu_ms_per_1k_spans`]: Math.round(f.workerCpuMsPer1k),
      ...(provider === 'postgres' ? { postgres_server_cpu_ms_per_1k_spans: Math.round(f.postgresCpuMsPer1k) } : {}),
      [`${provider}_close_to_scores_p50_s`]: round(f.closeToScoresP50S, 1),
      [`${provider}_close_to_scores_p95_s`]: round(f.closeToScoresP95S, 1),
      [`${provider}_scored`]: f.scored,
      [`${provider}_sampled`]: f.sampled,
      [`${provider}_goal_spans_per_s`]: GOAL[provider],
      [`${provider}_pass`]: f.ingestSpansPerS >= GOAL[provider] && f.pagesP95Ms <= TARGET_PAGE_P95_MS ? 1 : 0,
    });
  }
  flat.target_page_p95_ms = TARGET_PAGE_P95_MS;
  flat.load_average_1m = round(loadavg()[0], 1);
  console.log(`BENCH ${JSON.stringify(flat)}`);
}

await main();
process.exit(0);
