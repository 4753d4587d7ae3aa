import { parentPort, workerData } from 'node:worker_threads';
import { createOfflineJudge } from '../../lib/judge/offline';
import { plannedAnswer } from '../../lib/judge/offline/planning-answers';
import { offlineServes } from '../../lib/judge/offline/run-step';
import type { Judge } from '../../lib/judge/types';
import { createMetric } from '../../lib/metrics/registry';
import { answerKey, type WorkerTask } from './answer-table';

/** Worker body of computeAnswers: records the offline judge's reply to every request the metrics make. */
async function main(task: WorkerTask): Promise<[string, string][]> {
  const offline = createOfflineJudge();
  const entries: [string, string][] = [];
  const recording: Judge = {
    kind: offline.kind,
    model: offline.model,
    usage: offline.usage,
    async call(request) {
      // A step of a metric that needs an LLM judge: the cost preview's planned reply, as the server gives it on a miss.
      if (!offlineServes(request)) {
        const raw = JSON.stringify(plannedAnswer(request));
        entries.push([answerKey(request.step, request.input), raw]);
        return { output: request.schema.parse(JSON.parse(raw)), raw, model: offline.model, promptTokens: 0, completionTokens: 0, costUsd: 0, cached: false, cacheKey: '' };
      }
      const reply = await offline.call(request);
      entries.push([answerKey(request.step, request.input), reply.raw]);
      return reply;
    },
  };
  for (const name of task.metrics) {
    const metric = createMetric(name, recording, { includeReason: true });
    for (const conversation of task.conversations) await metric.measure(conversation);
  }
  return entries;
}

main(workerData as WorkerTask).then(
  (entries) => parentPort?.postMessage(entries),
  (error: unknown) => {
    throw error;
  },
);
