import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIJudge } from '@/lib/judge/openai-judge';
import { createMetric } from '@/lib/metrics';
import { METRIC_NAMES, type MetricName } from '@/lib/metrics/registry';
import type { MetricResult } from '@/lib/domain/metric-result';
import { startJudgeServer, type JudgeServer, type JudgeServerHandler } from './helpers/judge-server';
import { answerLikeOfflineJudge, offlineLikeAnswer } from './helpers/step-answers';
import { supportChat } from './helpers/support-chat';

/*
 * Every metric through a real OpenAI-compatible server that fails on a fixed schedule of
 * request numbers: 429 on every 3rd, 500 on every 7th, a reply cut short on every 5th
 * (alternately a dropped connection mid-body and JSON content cut in half). Which request of
 * which step meets a failure depends on how the 8 requests in flight interleave, so the test
 * asserts what holds for any interleaving: every metric scores exactly as against a server
 * that never fails. A 429 only waits; a 500 or a cut reply retries up to maxRetries (10)
 * times: with 31 % of the non-429 request numbers failing, a step exhausts that with
 * probability 0.31^11 ≈ 3e-6, about 1 in 2,000 runs of this whole test.
 */

type Fault = '429' | '500' | 'cut-connection' | 'cut-content';

function faultAt(index: number): Fault | null {
  const n = index + 1;
  if (n % 3 === 0) return '429';
  if (n % 7 === 0) return '500';
  if (n % 5 === 0) return n % 10 === 0 ? 'cut-content' : 'cut-connection';
  return null;
}

function flakyHandler(faults: Fault[]): JudgeServerHandler {
  return answerLikeOfflineJudge((step, input, index) => {
    const fault = faultAt(index);
    if (fault) faults.push(fault);
    if (fault === '429') {
      return { status: 429, headers: { 'retry-after-ms': '20' }, body: { error: { message: 'Rate limit reached', type: 'requests' } } };
    }
    if (fault === '500') return { status: 500, body: { error: { message: 'upstream failed', type: 'server_error' } } };
    const json = JSON.stringify(offlineLikeAnswer(step, input));
    if (fault === 'cut-connection') return { content: json, cut: true };
    if (fault === 'cut-content') return { content: json.slice(0, Math.floor(json.length / 2)) };
    return undefined;
  });
}

const servers: JudgeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function scoreAll(handler: JudgeServerHandler): Promise<{ results: Record<MetricName, MetricResult>; server: JudgeServer }> {
  const server = await startJudgeServer({ handler });
  servers.push(server);
  const judge = createOpenAIJudge({ baseURL: server.url, apiKey: null, model: 'judge-test', concurrency: 8, retryBaseMs: 20 });
  const results = await Promise.all(METRIC_NAMES.map((name) => createMetric(name, judge).measure(supportChat)));
  return { results: Object.fromEntries(results.map((r) => [r.metric, r])) as Record<MetricName, MetricResult>, server };
}

const outcome = (r: MetricResult) => ({ score: r.score, success: r.success, reason: r.reason, error: r.error, verdicts: r.verdicts, steps: r.steps });

describe('a flaky judge at concurrency 8', () => {
  it('scores every metric as a judge that never fails does, and logs each retry with its cause', async () => {
    const clean = await scoreAll(answerLikeOfflineJudge());
    const faults: Fault[] = [];
    const flaky = await scoreAll(flakyHandler(faults));

    for (const name of METRIC_NAMES) {
      expect(clean.results[name].error, name).toBeNull();
      expect(clean.results[name].score, name).toEqual(expect.any(Number));
      expect(clean.results[name].verdicts.length, name).toBeGreaterThan(0);
      expect(outcome(flaky.results[name]), name).toEqual(outcome(clean.results[name]));
    }
    // The server did fail on schedule, and the requests ran concurrently.
    expect(flaky.server.maxInFlight).toBeGreaterThan(1);
    for (const fault of ['429', '500', 'cut-connection', 'cut-content'] as const) expect(faults, fault).toContain(fault);
    expect(flaky.server.requests.length).toBe(clean.server.requests.length + faults.length);

    // Every failure is a retry logged on the call record of its step.
    const retries = METRIC_NAMES.flatMap((name) => flaky.results[name].calls.flatMap((c) => c.retries ?? []));
    expect(retries).toHaveLength(faults.length);
    const causes = retries.map((r) => r.cause);
    expect(causes.filter((c) => c.startsWith('429 rate limited (retry after'))).toHaveLength(faults.filter((f) => f === '429').length);
    expect(causes.filter((c) => c.startsWith('500 server error'))).toHaveLength(faults.filter((f) => f === '500').length);
    expect(causes.filter((c) => c.startsWith('connection cut mid-reply'))).toHaveLength(faults.filter((f) => f === 'cut-connection').length);
    expect(causes.filter((c) => c === 'reply cut short (incomplete JSON)')).toHaveLength(faults.filter((f) => f === 'cut-content').length);
    for (const r of retries) expect(r.attempt).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
