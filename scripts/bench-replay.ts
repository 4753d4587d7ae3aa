/*
 * A teacher-forced replay of 200 conversations x 10 exchanges against a local OpenAI-compatible
 * target with 100 ms latency, at concurrency 32, through the SQLite replay worker as the app runs
 * it (lease, per-turn storage, the new dataset version at the end). Prints target calls, wall
 * time over the floor (calls x latency / concurrency) and peak memory, where the time beyond the
 * floor went (the first request's delay, requests in flight on average as the target saw them,
 * event-loop delay, the end step), then BENCH {json}.
 * Usage: npm run bench:replay [-- --conversations N] [-- --exchanges N] [-- --latency-ms N] [-- --concurrency N]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createDbClient } from '../lib/db/client';
import { ensureDatabase } from '../lib/db/migrations';
import { saveDataset } from '../lib/imports/save-dataset';
import { getLastTurnStoredAt } from '../lib/db/queries/replays/list-chunk-work';
import type { Conversation } from '../lib/domain';
import { getReplay, startReplay } from '../lib/replay';
import { startSqliteReplayWorker } from '../lib/replay/sqlite-replay-worker';
import { startTarget } from './bench/target-server';

const { values } = parseArgs({
  options: { conversations: { type: 'string' }, exchanges: { type: 'string' }, 'latency-ms': { type: 'string' }, concurrency: { type: 'string' } },
});
const CONVERSATIONS = Number(values.conversations ?? 200);
const EXCHANGES = Number(values.exchanges ?? 10);
const LATENCY_MS = Number(values['latency-ms'] ?? 100);
const CONCURRENCY = Number(values.concurrency ?? 32);

function dataset(): Conversation[] {
  return Array.from({ length: CONVERSATIONS }, (_, c) => ({
    externalId: `conv-${c}`,
    scenario: `Customer ${c} asks about an order`,
    turns: Array.from({ length: EXCHANGES }, (_, e) => [
      { role: 'user' as const, content: `Question ${e + 1} of customer ${c}: where is order ${c * 100 + e}, and when will it arrive?` },
      { role: 'assistant' as const, content: `Recorded answer ${e + 1}: order ${c * 100 + e} left the warehouse and arrives within three working days.` },
    ]).flat(),
  }));
}

const cpuMs = (usage: NodeJS.CpuUsage): number => (usage.user + usage.system) / 1000;

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'turnwise-bench-replay-'));
  const url = pathToFileURL(path.join(dir, 'bench.db')).href;
  const target = await startTarget(LATENCY_MS);
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  try {
    // The same number of plain fetch calls first: what this machine allows at that latency and concurrency, with no Turnwise code in the way.
    const plainStarted = performance.now();
    const plainCpu = process.cpuUsage();
    let next = 0;
    const calls = CONVERSATIONS * EXCHANGES;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next++ < calls) await fetch(`${target.url}/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }) }).then((r) => r.text());
      }),
    );
    const plainMs = performance.now() - plainStarted;
    const plainCpuMs = cpuMs(process.cpuUsage(plainCpu));
    await ensureDatabase(url);
    const db = createDbClient(url);
    const source = await saveDataset(db, { projectId: 'default', name: 'bench', sourceFormat: 'turnwise', conversations: dataset() });
    // The window a user sees: from asking for the replay to the end the replay stores (its
    // finishedAt), not to this loop's next look; generation ends at the last turn stored.
    const startedAt = Date.now();
    const replayCpu = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    let generationCpuMs = 0;
    const { id, totalItems } = await startReplay(db, 'default', { datasetId: source.id, target: { kind: 'openai', baseUrl: target.url, model: 'bench-model' }, modelVersion: 'bench-v2', concurrency: CONCURRENCY }, null, {});
    const startReplayMs = Date.now() - startedAt;
    const worker = startSqliteReplayWorker({ db, env: { TURNWISE_WORKER_POLL_MS: '50' } });
    let replay = await getReplay(db, 'default', id);
    while (!['completed', 'completed_with_errors', 'failed', 'cancelled'].includes(replay.status)) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      replay = await getReplay(db, 'default', id);
      if (!generationCpuMs && replay.progress.done + replay.progress.errors === totalItems) {
        generationCpuMs = cpuMs(process.cpuUsage(replayCpu));
        loopDelay.disable();
      }
    }
    loopDelay.disable();
    const wallMs = Date.parse(replay.finishedAt ?? new Date().toISOString()) - startedAt;
    const generationMs = ((await getLastTurnStoredAt(db, id))?.getTime() ?? Date.now()) - startedAt;
    await worker.stop();
    await db.$disconnect();
    const floorMs = (replay.targetCalls * LATENCY_MS) / CONCURRENCY;
    // Where the time beyond the floor went, from the target's side: before its first request,
    // while requests were being sent (slots left empty), after its last reply until the last
    // turn was stored, and the end step.
    const seen = (await (await fetch(`${target.url}/stats`)).json()) as [number, number][];
    const firstArrival = Math.min(...seen.map(([arrived]) => arrived));
    const lastReply = Math.max(...seen.map(([, replied]) => replied));
    const sendingMs = lastReply - firstArrival;
    const busyMs = seen.reduce((sum, [arrived, replied]) => sum + replied - arrived, 0);
    const figures = {
      conversations: CONVERSATIONS,
      exchanges: EXCHANGES,
      latencyMs: LATENCY_MS,
      concurrency: CONCURRENCY,
      status: replay.status,
      targetCalls: replay.targetCalls,
      turnsStored: replay.progress.done,
      errors: replay.progress.errors,
      floorMs: Math.round(floorMs),
      generationMs: Math.round(generationMs),
      wallMs: Math.round(wallMs),
      endStepMs: Math.round(wallMs - generationMs),
      startReplayMs,
      firstRequestMs: firstArrival - startedAt,
      sendingMs,
      meanInFlight: Number((busyMs / sendingMs).toFixed(1)),
      storeAfterLastReplyMs: Math.round(generationMs - (lastReply - startedAt)),
      loopDelayP99Ms: Number((loopDelay.percentile(99) / 1e6).toFixed(1)),
      loopDelayMaxMs: Number((loopDelay.max / 1e6).toFixed(1)),
      generationOverFloor: Number((generationMs / floorMs).toFixed(3)),
      wallOverFloor: Number((wallMs / floorMs).toFixed(3)),
      plainFetchOverFloor: Number((plainMs / ((calls * LATENCY_MS) / CONCURRENCY)).toFixed(3)),
      cpuMsPerCall: Number(((generationCpuMs || cpuMs(process.cpuUsage(replayCpu))) / calls).toFixed(3)),
      plainFetchCpuMsPerCall: Number((plainCpuMs / calls).toFixed(3)),
      peakRssMb: Math.round(peakRss / 1024 / 1024),
      load1: Number(os.loadavg()[0].toFixed(2)),
    };
    console.log(`Replay: ${CONVERSATIONS} conversations x ${EXCHANGES} exchanges, teacher-forced, concurrency ${CONCURRENCY}, target latency ${LATENCY_MS} ms (own process), SQLite worker.`);
    console.log(`  target calls       ${figures.targetCalls} (${figures.turnsStored} turns stored, ${figures.errors} errored; ${replay.status})`);
    console.log(`  floor              ${figures.floorMs} ms (calls x latency / concurrency)`);
    console.log(`  generation         ${figures.generationMs} ms = ${figures.generationOverFloor}x floor (every turn stored)`);
    console.log(`  wall               ${figures.wallMs} ms = ${figures.wallOverFloor}x floor (and the new dataset version made) ${figures.wallOverFloor <= 1.2 ? 'PASS' : 'FAIL'} (target <= 1.2)`);
    console.log(`  end step           ${figures.endStepMs} ms from the last turn stored to the end (the new dataset version made)`);
    console.log(`  first request      ${figures.firstRequestMs} ms after asking for the replay (startReplay itself ${startReplayMs} ms)`);
    console.log(`  sending            ${figures.sendingMs} ms from the first request to the last reply, ${figures.meanInFlight} requests in flight on average (of ${CONCURRENCY})`);
    console.log(`  storing            ${figures.storeAfterLastReplyMs} ms from the last reply to the last turn stored`);
    console.log(`  event loop delay   p99 ${figures.loopDelayP99Ms} ms, max ${figures.loopDelayMaxMs} ms while generating`);
    console.log(`  plain fetch        ${figures.plainFetchOverFloor}x floor for the same calls with bare fetch, no Turnwise code: this machine's own floor now`);
    console.log(`  CPU per call       ${figures.cpuMsPerCall} ms in this process while generating (bare fetch: ${figures.plainFetchCpuMsPerCall} ms)`);
    console.log(`  peak memory        ${figures.peakRssMb} MB RSS (this process; load average ${figures.load1})`);
    console.log(`BENCH ${JSON.stringify(figures)}`);
  } finally {
    clearInterval(sampler);
    target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
