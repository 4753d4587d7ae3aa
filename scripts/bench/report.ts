import type { MetricRun } from './run-metric';

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export const round = (n: number, digits: number): number => Math.round(n * 10 ** digits) / 10 ** digits;

export const wallRatio = (run: MetricRun): number => run.wallMs / run.floorMs;
export const convsPerSec = (run: MetricRun, conversations: number): number => conversations / (run.wallMs / 1000);

/**
 * Where a judge slot's time went: with every slot busy, wall × concurrency / calls is the time
 * one request held its slot; the server accounts for answerMs of it, the client (building the
 * request, HTTP, parsing, waiting for its event loop) for the rest.
 */
export function slotBreakdown(run: MetricRun, concurrency: number): { cycleMs: number; serverMs: number; clientMs: number; clientCpuMsPerCall: number } {
  const cycleMs = (run.wallMs * concurrency) / Math.max(1, run.calls);
  return {
    cycleMs,
    serverMs: run.server.answerMs,
    clientMs: cycleMs - run.server.answerMs,
    clientCpuMsPerCall: (run.cpuShare * run.wallMs) / Math.max(1, run.calls),
  };
}

export function metricLines(run: MetricRun, conversations: number, concurrency: number): string[] {
  const slot = slotBreakdown(run, concurrency);
  return [
    [
      run.metric.padEnd(23),
      `calls ${int(run.calls).padStart(6)} (reference ${int(run.referenceCalls).padStart(6)})`,
      `tokens/conv prompt ${int(run.promptTokens / conversations).padStart(6)} completion ${int(run.completionTokens / conversations).padStart(5)}`,
      `${convsPerSec(run, conversations).toFixed(1).padStart(5)} conv/s`,
      `wall ${secs(run.wallMs).padStart(6)} floor ${secs(run.floorMs).padStart(6)} ratio ${wallRatio(run).toFixed(2)}`,
      run.errors > 0 ? `ERRORS ${run.errors}` : '',
    ]
      .filter(Boolean)
      .join('  '),
    `${''.padEnd(23)}  in flight max ${run.server.maxInFlight}; per request ${slot.cycleMs.toFixed(0)} ms = server ${slot.serverMs.toFixed(0)} + client ${slot.clientMs.toFixed(0)}; client CPU ${slot.clientCpuMsPerCall.toFixed(2)} ms/call (${(run.cpuShare * 100).toFixed(0)}% of a core), loop delay p99 ${run.eventLoopP99Ms.toFixed(0)} ms, GC ${run.gcMs.toFixed(0)} ms (longest ${run.gcMaxMs.toFixed(0)}); server CPU ${(run.server.cpuShare * 100).toFixed(0)}%; a busy loop got ${(run.cpuAvailable * 100).toFixed(0)}% of a core before the run`,
  ];
}

export const verdict = (pass: boolean): string => (pass ? 'PASS' : 'FAIL');

/** The BENCH figures of one metric run. */
export function metricFigures(run: MetricRun, conversations: number, concurrency: number): Record<string, number> {
  const p = run.metric;
  const slot = slotBreakdown(run, concurrency);
  return {
    [`${p}_calls`]: run.calls,
    [`${p}_referenceCalls`]: run.referenceCalls,
    [`${p}_promptTokensPerConv`]: round(run.promptTokens / conversations, 1),
    [`${p}_completionTokensPerConv`]: round(run.completionTokens / conversations, 1),
    [`${p}_convsPerSec`]: round(convsPerSec(run, conversations), 2),
    [`${p}_wallMs`]: Math.round(run.wallMs),
    [`${p}_floorMs`]: Math.round(run.floorMs),
    [`${p}_wallRatio`]: round(wallRatio(run), 3),
    [`${p}_maxInFlight`]: run.server.maxInFlight,
    [`${p}_requestCycleMs`]: round(slot.cycleMs, 1),
    [`${p}_serverAnswerMs`]: round(slot.serverMs, 1),
    [`${p}_clientMsPerRequest`]: round(slot.clientMs, 1),
    [`${p}_clientCpuMsPerCall`]: round(slot.clientCpuMsPerCall, 2),
    [`${p}_eventLoopP99Ms`]: round(run.eventLoopP99Ms, 1),
    [`${p}_gcMs`]: Math.round(run.gcMs),
    [`${p}_gcMaxMs`]: round(run.gcMaxMs, 1),
    [`${p}_clientCpuShare`]: round(run.cpuShare, 3),
    [`${p}_serverCpuShare`]: round(run.server.cpuShare, 3),
    [`${p}_cpuAvailable`]: round(run.cpuAvailable, 3),
    [`${p}_errors`]: run.errors,
  };
}
