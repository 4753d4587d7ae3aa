/*
 * Runs against a rate-limited OpenAI-compatible server: wall time over the floor and the
 * share of requests refused, for limits from 5 to 200 requests a second. The server
 * (tests/helpers/rate-limited-handler.ts) accepts at most N requests in any sliding second
 * and answers the rest at once with 429, retry-after(-ms) and OpenAI's x-ratelimit-*
 * headers; accepted requests take --latency ms. Each limit scores conversation relevancy on
 * ten-exchange conversations with a fresh judge at --concurrency requests in flight.
 * Usage: npm run bench:rate-limit [-- --limits 5,10,20,40,100,200] [--seconds 6] [--latency 200] [--concurrency 32]
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createOpenAIJudge } from '../lib/judge/openai-judge';
import type { Conversation } from '../lib/domain/conversation';
import { evaluateConversations } from '../lib/runs/execution/evaluate-conversations';
import { answerByStep, startJudgeServer } from '../tests/helpers/judge-server';
import { rateLimited } from '../tests/helpers/rate-limited-handler';
import { buildDataset } from './bench/dataset';

const CALLS_PER_CONVERSATION = 11; // ten relevance verdicts and one reason
/** The case: 60 ten-exchange conversations at concurrency 32 against 40 requests a second. */
const TARGET = { limit: 40, conversations: 60, wallRatio: 1.15, refusedShare: 0.02 };

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    limits: { type: 'string', default: '5,10,20,40,100,200' },
    seconds: { type: 'string', default: '6' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '32' },
  },
});
const limits = values.limits.split(',').map(Number);
const seconds = Number(values.seconds);
const latencyMs = Number(values.latency);
const concurrency = Number(values.concurrency);
if ([...limits, seconds, latencyMs, concurrency].some((n) => !Number.isFinite(n) || n <= 0)) {
  throw new Error('--limits, --seconds, --latency and --concurrency take positive numbers');
}

interface Row {
  limit: number;
  conversations: number;
  scored: number;
  calls: number;
  refused: number;
  wallMs: number;
  floorMs: number;
}

async function runLimit(limit: number, conversations: Conversation[]): Promise<Row> {
  const limited = rateLimited(
    answerByStep({
      conversation_relevancy_relevance: () => ({ verdict: 'yes', reason: 'The reply answers the question.' }),
      reason: () => ({ reason: 'Every reply addresses what the user asked.' }),
    }),
    { perSecond: limit, latencyMs },
  );
  const server = await startJudgeServer({ handler: limited.handler });
  try {
    const judge = createOpenAIJudge({ baseURL: server.url, apiKey: 'sk-bench', model: 'bench-model', concurrency });
    const started = performance.now();
    const results = await evaluateConversations({
      conversations,
      metrics: [{ name: 'conversation_relevancy', options: {} }],
      judge,
      concurrency,
    });
    const wallMs = performance.now() - started;
    const calls = limited.accepted();
    // The floor: calls at the limit, or at what the concurrency allows when that is lower.
    const throughput = Math.min(limit, (concurrency * 1000) / latencyMs);
    return {
      limit,
      conversations: conversations.length,
      scored: results.flat().filter((r) => r !== null && r.error === null).length,
      calls,
      refused: limited.refused(),
      wallMs,
      floorMs: (calls / throughput) * 1000,
    };
  } finally {
    await server.close();
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  console.log(
    `Rate-limited server on 127.0.0.1: N requests in any sliding second, 429 beyond with retry-after(-ms) and x-ratelimit-*; ${latencyMs} ms per accepted request.`,
  );
  console.log(`Client: conversation relevancy, ten-exchange conversations, concurrency ${concurrency}, a fresh judge per limit.`);
  console.log('');
  console.log('limit/s  convs  scored  calls  refused  share   wall s  floor s  wall/floor');
  const bench: Record<string, number> = { latencyMs, concurrency };
  const rows: Row[] = [];
  // The same work on a server without a limit: what this machine's CPU allows right now.
  const unlimited = await runLimit(1_000_000, buildDataset({ conversations: TARGET.conversations, exchanges: 10, seed: TARGET.limit }).conversations);
  const cpuFloorMs = unlimited.wallMs;
  console.log(
    `   none ${String(unlimited.conversations).padStart(5)} ${String(unlimited.scored).padStart(7)} ${String(unlimited.calls).padStart(6)}        -      -  ${(unlimited.wallMs / 1000).toFixed(2).padStart(7)}  ${(unlimited.floorMs / 1000).toFixed(2).padStart(7)}  ${(unlimited.wallMs / unlimited.floorMs).toFixed(3).padStart(10)}   (no limit: the client's own pace on this machine now)`,
  );
  bench.unlimited_wallMs = Math.round(cpuFloorMs);
  bench.unlimited_wallRatio = Number((unlimited.wallMs / unlimited.floorMs).toFixed(3));
  for (const limit of limits) {
    const n = limit === TARGET.limit ? TARGET.conversations : Math.max(4, Math.round((limit * seconds) / CALLS_PER_CONVERSATION));
    const { conversations } = buildDataset({ conversations: n, exchanges: 10, seed: limit });
    const row = await runLimit(limit, conversations);
    rows.push(row);
    const share = row.refused / (row.calls + row.refused);
    console.log(
      [
        String(limit).padStart(7),
        String(row.conversations).padStart(5),
        String(row.scored).padStart(7),
        String(row.calls).padStart(6),
        String(row.refused).padStart(8),
        pct(share).padStart(6),
        (row.wallMs / 1000).toFixed(2).padStart(8),
        (row.floorMs / 1000).toFixed(2).padStart(8),
        (row.wallMs / row.floorMs).toFixed(3).padStart(11),
      ].join(' '),
    );
    Object.assign(bench, {
      [`limit${limit}_conversations`]: row.conversations,
      [`limit${limit}_scored`]: row.scored,
      [`limit${limit}_calls`]: row.calls,
      [`limit${limit}_refused`]: row.refused,
      [`limit${limit}_refusedShare`]: Number(share.toFixed(4)),
      [`limit${limit}_wallMs`]: Math.round(row.wallMs),
      [`limit${limit}_floorMs`]: Math.round(row.floorMs),
      [`limit${limit}_wallRatio`]: Number((row.wallMs / row.floorMs).toFixed(3)),
    });
  }
  console.log('');
  const target = rows.find((r) => r.limit === TARGET.limit);
  if (target) {
    const share = target.refused / (target.calls + target.refused);
    const ratio = target.wallMs / target.floorMs;
    const checks: [string, string, boolean][] = [
      ['pass_allScored', `every conversation scored at ${TARGET.limit}/s (${target.scored} of ${target.conversations})`, target.scored === target.conversations],
      ['pass_wallRatio', `wall/floor ${ratio.toFixed(3)} <= ${TARGET.wallRatio}`, ratio <= TARGET.wallRatio],
      ['pass_refusedShare', `refused ${pct(share)} <= ${pct(TARGET.refusedShare)}`, share <= TARGET.refusedShare],
    ];
    for (const [key, label, pass] of checks) {
      console.log(`${pass ? 'PASS' : 'FAIL'} ${label}`);
      bench[key] = pass ? 1 : 0;
    }
  }
  bench.allScored = rows.every((r) => r.scored === r.conversations) ? 1 : 0;
  bench.loadAverage1m = Number(loadavg()[0].toFixed(2));
  console.log(`Load average: ${loadavg().map((l) => l.toFixed(2)).join(' ')} (other processes share this machine's cores).`);
  console.log(`BENCH ${JSON.stringify(bench)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
