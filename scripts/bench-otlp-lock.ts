/*
 * npm run bench:otlp-lock [-- --batches 100 --every 50 --rounds 2 --dir /tmp/turnwise-bench-otlp-lock]
 *
 * What the ingest worker's write lock does to the web server's event loop on SQLite, without a
 * web server: a worker process drains --batches stored batches of 200 spans (the ingest step of
 * `npm run worker`, slices of 20) while this process, like the receiver, stores a batch every
 * --every ms and reads the datasets list every --every ms, until the worker is done. Two ways of storing, alternately on a
 * fresh file each (--rounds times each): `loop` (the Prisma insert on the event loop, as the
 * receiver did before) and `thread` (lib/db/queries/ingest/store-received-batch.ts: a worker
 * thread). Figures per way: the store's wait p50/p95/max, the datasets read's p50/p95/max (from
 * when it was due, so a stopped event loop counts), and
 * the event loop's longest stall (perf_hooks' delay histogram, p99 and max). Ends with `BENCH {json}`.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createDbClient } from '../lib/db/client';
import type { Db } from '../lib/db/db-types';
import { ensureDatabase } from '../lib/db/migrations';
import { listDatasets } from '../lib/db/queries/datasets/list-datasets';
import { storeBatch } from '../lib/db/queries/ingest/otlp-batches';
import { storeReceivedBatch } from '../lib/db/queries/ingest/store-received-batch';
import { stopBatchThreads } from '../lib/db/queries/ingest/sqlite-batch-thread';
import { processPendingBatches } from '../lib/ingest/process-batches';
import { otlpBatchBody } from './bench/otlp-batch';

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '100' },
    every: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '2' },
    dir: { type: 'string', default: '/tmp/turnwise-bench-otlp-lock' },
    drain: { type: 'string' },
  },
});

/** Batch `b`: 100 traces of a request span and its chat span, a turn each of 100 conversations (as bench:otlp sends). */
const batchBody = (b: number) => otlpBatchBody(b, { traces: 100, turns: 5, salt: 0, service: 'lock-bot' });

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The worker process: processes --batches stored batches in slices of 20, as the ingest worker does, then exits. */
async function drain(url: string) {
  const db = createDbClient(url);
  for (let done = 0; done < Number(args.batches); ) {
    const n = await processPendingBatches(db, { env: {}, limit: 20 });
    if (n === 0) break;
    done += n;
  }
  await db.$disconnect();
}

interface Figures {
  storeMs: number[];
  readMs: number[];
  loopP99Ms: number;
  loopMaxMs: number;
  drainS: number;
}

async function round(way: 'loop' | 'thread', n: number): Promise<Figures> {
  const dir = path.join(args.dir, `${way}-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const url = `file:${path.join(dir, 'bench.db')}`;
  await ensureDatabase(url);
  const db: Db = createDbClient(url);
  const store = (body: Uint8Array) => (way === 'loop' ? storeBatch : storeReceivedBatch)(db, 'default', { signal: 'traces', encoding: 'protobuf', gzip: false, body });
  try {
    for (let b = 0; b < Number(args.batches); b++) await store(batchBody(b));
    await listDatasets(db, 'default');
    const figures: Figures = { storeMs: [], readMs: [], loopP99Ms: 0, loopMaxMs: 0, drainS: 0 };
    const started = Date.now();
    const worker = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, '--drain', url], { stdio: 'inherit' });
    const exited = once(worker, 'exit');
    let done = false;
    void exited.then(() => {
      done = true;
      figures.drainS = (Date.now() - started) / 1000;
    });
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const every = Number(args.every);
    let b = 1_000_000;
    const storing = (async () => {
      while (!done) {
        const t = performance.now();
        await store(batchBody(b++));
        figures.storeMs.push(performance.now() - t);
        await sleep(every);
      }
    })();
    // A read is due every --every ms whatever the event loop does (as page requests arrive), and timed from when it was due.
    const reading = (async () => {
      const t0 = performance.now();
      for (let k = 0; !done; k++) {
        const due = t0 + k * every;
        if (due > performance.now()) await sleep(due - performance.now());
        await listDatasets(db, 'default');
        figures.readMs.push(performance.now() - due);
      }
    })();
    await Promise.all([exited, storing, reading]);
    delay.disable();
    figures.loopP99Ms = delay.percentile(99) / 1e6;
    figures.loopMaxMs = delay.max / 1e6;
    return figures;
  } finally {
    await db.$disconnect();
    await stopBatchThreads();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  if (args.drain) return drain(args.drain);
  console.log(`Load average before: ${loadavg().map((l) => l.toFixed(1)).join(', ')}; ${args.batches} stored batches of 200 spans drained by a worker process, a store and a read every ${args.every} ms.`);
  const all: Record<'loop' | 'thread', Figures[]> = { loop: [], thread: [] };
  for (let n = 0; n < Number(args.rounds); n++) {
    for (const way of ['loop', 'thread'] as const) {
      const f = await round(way, n);
      all[way].push(f);
      const ms = (xs: number[]) => `p50 ${quantile(xs, 0.5).toFixed(0)}, p95 ${quantile(xs, 0.95).toFixed(0)}, max ${Math.max(...xs).toFixed(0)} ms`;
      console.log(`${way.padEnd(6)} round ${n + 1}: store ${ms(f.storeMs)}; datasets read ${ms(f.readMs)}; event loop stall p99 ${f.loopP99Ms.toFixed(0)}, max ${f.loopMaxMs.toFixed(0)} ms; drained in ${f.drainS.toFixed(1)} s (load ${loadavg()[0].toFixed(1)})`);
    }
  }
  const flat: Record<string, number> = { batches: Number(args.batches), every_ms: Number(args.every), rounds: Number(args.rounds) };
  for (const way of ['loop', 'thread'] as const) {
    const store = all[way].flatMap((f) => f.storeMs);
    const read = all[way].flatMap((f) => f.readMs);
    Object.assign(flat, {
      [`${way}_store_p50_ms`]: Math.round(quantile(store, 0.5)),
      [`${way}_store_p95_ms`]: Math.round(quantile(store, 0.95)),
      [`${way}_read_p50_ms`]: Math.round(quantile(read, 0.5)),
      [`${way}_read_p95_ms`]: Math.round(quantile(read, 0.95)),
      [`${way}_read_max_ms`]: Math.round(Math.max(...read)),
      [`${way}_loop_stall_max_ms`]: Math.round(Math.max(...all[way].map((f) => f.loopMaxMs))),
      [`${way}_drain_s`]: Math.round(Math.max(...all[way].map((f) => f.drainS)) * 10) / 10,
    });
  }
  flat.load_average_1m = Math.round(loadavg()[0] * 10) / 10;
  console.log(`BENCH ${JSON.stringify(flat)}`);
}

await main();
process.exit(0);
