/*
 * npm run bench:responsive [-- --import 20000 --run 600 --concurrency 32 --seconds 30 --port 3480 --no-build --in-process
 *                             --no-replay --no-ingest]
 *
 * How fast the pages answer while the dashboard works: `next start` on a fresh SQLite file with
 * the run worker in a process of its own (as `npm run dashboard` starts it; --in-process puts it
 * back inside the web server, for comparison). First the pages are timed idle; then a run at
 * concurrency 32 (offline judge: all CPU), a large upload (--import conversations of 10 turns,
 * streamed through POST /api/datasets/import), a small upload trickled over the whole window (a
 * slow client), a teacher-forced replay of the run's dataset at concurrency 8 against a target
 * answering in 100 ms (its own process), and OpenTelemetry ingest (a batch of 100 traces to
 * /api/otel/v1/traces every 500 ms) go on together while one client loads the pages and two API
 * routes one after another, for at least --seconds and until the upload is done. The web server's
 * and the worker's event loops are watched from inside (scripts/bench/loop-delay-probe.mjs): their
 * longest stalls are printed. Prints median, p95 and max per page, then one line `BENCH {json}`.
 * Targets: p95 ≤ 300 ms, max ≤ 1 s under load.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeBenchFile } from './bench-import/generate';
import { otlpBatchBody } from './bench/otlp-batch';
import { startTarget } from './bench/target-server';
import { trickleUpload, uploadFile } from './bench/upload-file';
import { buildApp, startDashboard, type Dashboard } from './bench/next-server';

const TARGET_P95_MS = 300;
const TARGET_MAX_MS = 1000;

const { values: args } = parseArgs({
  options: {
    import: { type: 'string', default: '20000' },
    run: { type: 'string', default: '600' },
    concurrency: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '30' },
    port: { type: 'string', default: '3480' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-responsive' },
    'no-build': { type: 'boolean', default: process.env.BENCH_SKIP_BUILD === '1' },
    'in-process': { type: 'boolean', default: false },
    'no-replay': { type: 'boolean', default: false },
    'no-ingest': { type: 'boolean', default: false },
  },
});
const PROBE = path.join(import.meta.dirname, 'bench/loop-delay-probe.mjs');
const INGEST_EVERY_MS = 500;

/** Stalls of a probed process's event loop (ms since the epoch, ms) that began in [from, to]. */
function stallsIn(file: string, from: number, to: number): [number, number][] {
  if (!existsSync(file)) return [];
  const { stalls } = JSON.parse(readFileSync(file, 'utf8')) as { stalls: [number, number][] };
  return stalls.filter(([at]) => at >= from && at <= to);
}
const PORT = Number(args.port);
const BASE = `http://127.0.0.1:${PORT}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const upload = (file: string, name: string) => uploadFile(PORT, file, new URLSearchParams({ name, fileName: path.basename(file) }));

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(BASE + url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
}

/** Loads the pages one after another until `until()` says stop; each load's time per page. */
async function timePages(pages: string[], until: () => boolean): Promise<Map<string, number[]>> {
  const times = new Map<string, number[]>(pages.map((p) => [p, []]));
  for (let i = 0; !until(); i++) {
    const page = pages[i % pages.length];
    const started = performance.now();
    const res = await fetch(BASE + page);
    await res.text();
    if (!res.ok) throw new Error(`${page} answered ${res.status}`);
    times.get(page)!.push(performance.now() - started);
    await sleep(50);
  }
  return times;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const stats = (xs: number[]) => ({ n: xs.length, median: quantile(xs, 0.5), p95: quantile(xs, 0.95), max: Math.max(...xs) });
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`;

function report(label: string, times: Map<string, number[]>, names: Map<string, string>) {
  console.log(`\n${label}`);
  for (const [page, xs] of times) {
    const s = stats(xs);
    console.log(`  ${names.get(page)!.padEnd(16)} n=${String(s.n).padStart(3)}  median ${ms(s.median)}  p95 ${ms(s.p95)}  max ${ms(s.max)}`);
  }
  const all = stats([...times.values()].flat());
  console.log(`  ${'all pages'.padEnd(16)} n=${String(all.n).padStart(3)}  median ${ms(all.median)}  p95 ${ms(all.p95)}  max ${ms(all.max)}`);
  return all;
}

async function main() {
  if (!args['no-build']) await buildApp();
  rmSync(args.dir, { recursive: true, force: true });
  mkdirSync(args.dir, { recursive: true });
  const dbFile = path.join(args.dir, 'bench.db');
  const runFile = path.join(args.dir, 'run-dataset.jsonl');
  const importFile = path.join(args.dir, 'import.jsonl');
  await writeBenchFile(runFile, Number(args.run), 10, 7);
  const importBytes = await writeBenchFile(importFile, Number(args.import), 10, 42);

  Object.assign(process.env, { TURNWISE_WORKER_POLL_MS: '200' });
  const serverLoop = path.join(args.dir, 'server-loop.json');
  const workerLoop = path.join(args.dir, 'worker-loop.json');
  const probed = (file: string) => ({ NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${PROBE}`.trim(), TURNWISE_BENCH_LOOP_FILE: file });
  const target = args['no-replay'] ? null : await startTarget(100);
  let dashboard: Dashboard | null = null;
  try {
    dashboard = await startDashboard({
      dbFile,
      port: PORT,
      readyPath: '/datasets',
      inProcessWorker: args['in-process'],
      // The replay's target listens on this machine: the operator allows it.
      serverEnv: { ...probed(serverLoop), TURNWISE_EGRESS_ALLOW: '127.0.0.1', TURNWISE_OTLP_MAX_PENDING: '1000000' },
      workerEnv: { ...probed(workerLoop), TURNWISE_EGRESS_ALLOW: '127.0.0.1', TURNWISE_INGEST_POLL_MS: '100' },
    });
    const seeded = await upload(runFile, 'bench run dataset');
    if (seeded.status !== 201) throw new Error(`the run dataset was refused: ${seeded.body.slice(0, 500)}`);
    const datasetId = (JSON.parse(seeded.body) as { datasetId: string }).datasetId;

    const pages = ['/', '/datasets', '/runs', `/datasets/${datasetId}`];
    const names = new Map(pages.map((p, i) => [p, ['home', 'datasets', 'runs', 'dataset'][i]]));
    const idleUntil = Date.now() + 5000;
    const idle = report('Idle (5 s)', await timePages(pages, () => Date.now() > idleUntil), names);

    const run = await json<{ id: string }>('/api/v1/runs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        datasetId,
        metrics: ['knowledge_retention', 'turn_faithfulness', 'conversation_relevancy'],
        judge: { kind: 'offline' },
        concurrency: Number(args.concurrency),
      }),
    });
    const runPages = [...pages, `/runs/${run.id}`, `/api/runs/progress?ids=${run.id}`, '/api/v1/runs'];
    names.set(`/runs/${run.id}`, 'run (live)').set(`/api/runs/progress?ids=${run.id}`, 'progress route').set('/api/v1/runs', 'API runs list');
    const replay = target
      ? await json<{ id: string }>('/api/v1/replays', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ datasetId, target: { kind: 'openai', baseUrl: target.url, model: 'bench-model' }, mode: 'teacher-forced', modelVersion: 'bench replay', concurrency: 8 }),
        })
      : null;
    const started = Date.now();
    // Ingest: a batch of 100 traces (a turn each of 100 conversations) every INGEST_EVERY_MS until the window ends.
    let ingestBatches = 0;
    let ingestRefused = 0;
    let ingestStop = false;
    const ingesting = args['no-ingest']
      ? Promise.resolve()
      : (async () => {
          for (let b = 0; !ingestStop; b++) {
            const res = await fetch(`${BASE}/api/otel/v1/traces`, { method: 'POST', body: otlpBatchBody(b, { traces: 100, turns: 5, salt: 7, service: 'responsive-bot' }), headers: { 'content-type': 'application/x-protobuf' } });
            await res.arrayBuffer();
            if (res.status === 200) ingestBatches++;
            else ingestRefused++;
            await sleep(INGEST_EVERY_MS);
          }
        })();
    let importMs: number | null = null;
    let importError: Error | null = null;
    const importing = upload(importFile, 'bench import').then(
      (r) => {
        importMs = Date.now() - started;
        if (r.status !== 201) importError = new Error(`the import was refused: ${r.body.slice(0, 500)}`);
      },
      (error: Error) => {
        importMs = Date.now() - started;
        importError = error;
      },
    );
    const minMs = Number(args.seconds) * 1000;
    // A slow client beside the large upload: 40 short conversations sent a few bytes at a time over the whole window.
    const trickleText = Array.from({ length: 40 }, (_, i) => JSON.stringify({ turns: [{ role: 'user', content: `slow ${i}` }, { role: 'assistant', content: 'ok' }] })).join('\n');
    const trickling = trickleUpload(PORT, trickleText, minMs, new URLSearchParams({ name: 'bench trickle', fileName: 'trickle.jsonl' }));
    const loaded = await timePages(runPages, () => importMs !== null && Date.now() - started > minMs);
    const ended = Date.now();
    ingestStop = true;
    await ingesting;
    await importing;
    if (importError) throw importError;
    const trickled = await trickling;
    if (trickled.status !== 201) throw new Error(`the trickled upload was refused: ${trickled.body.slice(0, 500)}`);
    const windowMs = Date.now() - started;
    const progress = await json<{ runs: { status: string; doneItems: number; totalItems: number }[] }>(`/api/runs/progress?ids=${run.id}`);
    const busy = report(
      `While a run at concurrency ${args.concurrency} (offline judge, worker ${args['in-process'] ? 'inside the web server' : 'in its own process'}) and a ${(importBytes / 1e6).toFixed(0)} MB upload and a ${(trickleText.length / 1000).toFixed(1)} KB upload trickled over ${(minMs / 1000).toFixed(0)} s go on (${(windowMs / 1000).toFixed(1)} s)`,
      loaded,
      names,
    );
    const done = progress.runs[0];
    console.log(`\nUpload of ${args.import} conversations: ${((importMs ?? 0) / 1000).toFixed(1)} s. Run: ${done.doneItems} / ${done.totalItems} results scored in the window (${done.status}).`);
    const replayed = replay ? await json<{ status: string; progress: { done: number; total: number } }>(`/api/v1/replays/${replay.id}`) : null;
    if (replayed) console.log(`Replay: ${replayed.progress.done} / ${replayed.progress.total} turns generated by the end of the window (${replayed.status}).`);
    if (!args['no-ingest']) console.log(`Ingest: ${ingestBatches} batches of 100 traces taken${ingestRefused ? `, ${ingestRefused} refused` : ''}.`);
    const longest = (stalls: [number, number][]) => stalls.reduce((m, [, ms]) => Math.max(m, ms), 0);
    const serverStalls = stallsIn(serverLoop, started, ended);
    const workerStalls = stallsIn(workerLoop, started, ended);
    const fmt = (stalls: [number, number][]) => (stalls.length ? `${stalls.length} over 100 ms, the longest ${longest(stalls)} ms${stalls.some(([, ms]) => ms > 1000) ? `; over 1 s: ${stalls.filter(([, ms]) => ms > 1000).map(([at, ms]) => `${ms} ms at +${((at - started) / 1000).toFixed(1)} s`).join(', ')}` : ''}` : 'none over 100 ms');
    console.log(`Event-loop stalls in the window: web server ${fmt(serverStalls)}; worker ${args['in-process'] ? '(inside the web server)' : fmt(workerStalls)}.`);
    const pass = busy.p95 <= TARGET_P95_MS && busy.max <= TARGET_MAX_MS;
    console.log(`Target p95 ≤ ${TARGET_P95_MS} ms and max ≤ ${TARGET_MAX_MS} ms under load: ${pass ? 'PASS' : 'FAIL'}`);
    const perPage = Object.fromEntries(
      [...loaded].flatMap(([page, xs]) => {
        const s = stats(xs);
        const key = names.get(page)!.replace(/\W+/g, '_').replace(/_$/, '');
        return [
          [`${key}_p95_ms`, Math.round(s.p95)],
          [`${key}_max_ms`, Math.round(s.max)],
        ];
      }),
    );
    console.log(
      `BENCH ${JSON.stringify({
        worker_in_own_process: args['in-process'] ? 0 : 1,
        idle_median_ms: Math.round(idle.median),
        idle_p95_ms: Math.round(idle.p95),
        load_median_ms: Math.round(busy.median),
        load_p95_ms: Math.round(busy.p95),
        load_max_ms: Math.round(busy.max),
        load_requests: busy.n,
        ...perPage,
        window_s: Math.round(windowMs / 100) / 10,
        import_conversations: Number(args.import),
        import_mb: Math.round(importBytes / 1e5) / 10,
        import_s: Math.round((importMs ?? 0) / 100) / 10,
        run_concurrency: Number(args.concurrency),
        run_results_done: done.doneItems,
        run_results_total: done.totalItems,
        replay_turns_done: replayed?.progress.done ?? 0,
        ingest_batches: ingestBatches,
        server_stalls_over_100ms: serverStalls.length,
        server_longest_stall_ms: longest(serverStalls),
        worker_longest_stall_ms: longest(workerStalls),
        target_p95_ms: TARGET_P95_MS,
        target_max_ms: TARGET_MAX_MS,
        pass: pass ? 1 : 0,
      })}`,
    );
  } finally {
    await dashboard?.stop();
    target?.stop();
  }
}

await main();
