import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { createOpenAIJudge } from '../../lib/judge/openai-judge';
import { referenceCallCount, type MetricName } from '../../lib/metrics/registry';
import type { Conversation } from '../../lib/domain/conversation';
import type { MetricResult } from '../../lib/domain/metric-result';
import { evaluateConversations } from '../../lib/runs/execution/evaluate-conversations';
import { cpuAvailability } from './cpu-probe';
import type { ServerProcess } from './server-client';
import type { ServerSummary } from './server-messages';

export interface MetricRunOptions {
  conversations: Conversation[];
  server: ServerProcess;
  latencyMs: number;
  /** Requests the judge keeps in flight. */
  concurrency: number;
  /** Conversations scored at once by evaluateConversations. */
  itemConcurrency: number;
}

export interface MetricRun {
  metric: MetricName;
  server: ServerSummary;
  calls: number;
  referenceCalls: number;
  promptTokens: number;
  completionTokens: number;
  errors: number;
  wallMs: number;
  /** calls × latency / concurrency: the wall time of a perfectly packed run. */
  floorMs: number;
  eventLoopP99Ms: number;
  /** Garbage-collection pauses of the client during the run: total and longest. */
  gcMs: number;
  gcMaxMs: number;
  /** Client process CPU time over wall time (1 = one core busy throughout). */
  cpuShare: number;
  /** Share of a core a busy loop of this process got just before the run (see cpu-probe.ts). */
  cpuAvailable: number;
}

/**
 * Scores every conversation with one metric through a fresh judge and a fresh judge server.
 * The results come back beside the figures so a caller can read what it needs and let go of
 * them: kept across runs they only grow the heap that the next run's GC pauses walk.
 */
export async function runBenchMetric(metric: MetricName, opts: MetricRunOptions): Promise<{ run: MetricRun; results: (MetricResult | null)[] }> {
  const options = { includeReason: true };
  const cpuAvailable = cpuAvailability();
  const url = await opts.server.start(opts.latencyMs);
  let results: (MetricResult | null)[][];
  let wallMs: number;
  let used: NodeJS.CpuUsage;
  const judge = createOpenAIJudge({
    baseURL: url,
    apiKey: null,
    model: 'bench-judge',
    concurrency: opts.concurrency,
    maxRetries: 2,
    timeoutMs: 60_000,
  });
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const gc = { total: 0, max: 0 };
  const gcObserver = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.total += entry.duration;
      gc.max = Math.max(gc.max, entry.duration);
    }
  });
  try {
    loop.enable();
    gcObserver.observe({ entryTypes: ['gc'] });
    const cpu = process.cpuUsage();
    const started = performance.now();
    results = await evaluateConversations({
      conversations: opts.conversations,
      metrics: [{ name: metric, options }],
      judge,
      concurrency: opts.itemConcurrency,
    });
    wallMs = performance.now() - started;
    used = process.cpuUsage(cpu);
  } finally {
    loop.disable();
    gcObserver.disconnect();
  }
  const server = await opts.server.stop();
  const usage = judge.usage();
  const flat = results.map((r) => r[0]);
  const run: MetricRun = {
    metric,
    server,
    calls: usage.calls,
    referenceCalls: opts.conversations.reduce((n, c) => n + referenceCallCount(metric, c, options), 0),
    promptTokens: usage.promptTokens,
    completionTokens: usage.completionTokens,
    errors: flat.filter((r) => r === null || r.error !== null).length,
    wallMs,
    floorMs: (usage.calls * opts.latencyMs) / opts.concurrency,
    eventLoopP99Ms: loop.percentile(99) / 1e6,
    gcMs: gc.total,
    gcMaxMs: gc.max,
    cpuShare: (used.user + used.system) / 1000 / wallMs,
    cpuAvailable,
  };
  return { run, results: flat };
}
