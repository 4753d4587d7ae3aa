import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { StepName } from '../../lib/judge/steps';
import type { Conversation } from '../../lib/domain/conversation';
import type { MetricName } from '../../lib/metrics/registry';
import type { JudgeServerHandler } from '../../tests/helpers/judge-server';

/*
 * The offline judge's logic costs 1-6 ms of CPU per step. At 32 requests in flight and 100 ms
 * latency the server must answer ~320 requests a second, which that logic cannot do on a
 * 2-core machine next to the client, so computed answers would turn the fake server into the
 * bottleneck being measured. The answers are therefore computed once, ahead of the timed runs,
 * by the same logic, and the server looks them up: its only delay is the latency we set.
 */

export type AnswerTable = Map<string, string>;

/** The key of one step's answer: a hash of the step and its structured input. */
export const answerKey = (step: string, input: unknown): string =>
  createHash('sha256').update(step).update('\n').update(JSON.stringify(input)).digest('base64');

export interface WorkerTask {
  conversations: Conversation[];
  metrics: MetricName[];
}

/** Runs every metric on every conversation with the offline judge, split over worker threads. */
export async function computeAnswers(conversations: Conversation[], metrics: MetricName[], workers: number): Promise<AnswerTable> {
  const count = Math.max(1, Math.min(workers, conversations.length));
  // Interleaved slices, so each worker gets every topic.
  const slices = Array.from({ length: count }, (_, w) => conversations.filter((_, i) => i % count === w));
  const parts = await Promise.all(slices.map((slice) => runWorker({ conversations: slice, metrics })));
  return new Map(parts.flat());
}

function runWorker(task: WorkerTask): Promise<[string, string][]> {
  // Worker threads do not inherit tsx's loader on Node 20: register it before importing the worker.
  const api = import.meta.resolve('tsx/esm/api');
  const file = new URL('./answer-worker.ts', import.meta.url).href;
  const source = `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(file)}); })`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: task });
    worker.once('message', (entries: [string, string][]) => resolve(entries));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`answer worker exited with code ${code}`)));
  });
}

export interface TableHits {
  hits: number;
  misses: number;
}

/** An override for answerLikeOfflineJudge that serves precomputed answers; a miss falls through to computing. */
export function answerFromTable(
  table: AnswerTable,
  hits: TableHits,
): (step: StepName, input: unknown) => ReturnType<JudgeServerHandler> | undefined {
  return (step, input) => {
    const content = table.get(answerKey(step, input));
    if (content === undefined) {
      hits.misses++;
      return undefined;
    }
    hits.hits++;
    return { content };
  };
}
