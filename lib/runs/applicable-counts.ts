import { datasetConversationPages } from '../db/queries/datasets/conversation-pages';
import type { Db } from '../db/queries/db-types';
import { METRIC_NAMES, type MetricName } from '../metrics/types';
import { metricApplies } from './applicable-metrics';

export interface ApplicableCounts {
  conversations: number;
  /** Per metric: the conversations it applies to (a run's items) and their turns. */
  metrics: Record<MetricName, { items: number; turns: number }>;
}

/**
 * Which metrics apply to how many of a dataset's conversations, read a page at a time (the
 * dataset is never held whole, and other requests are served between pages).
 */
export async function countApplicable(db: Db, datasetId: string): Promise<ApplicableCounts> {
  const metrics = Object.fromEntries(METRIC_NAMES.map((name) => [name, { items: 0, turns: 0 }])) as ApplicableCounts['metrics'];
  let conversations = 0;
  for await (const page of datasetConversationPages(db, datasetId)) {
    for (const c of page) {
      conversations++;
      for (const name of METRIC_NAMES) {
        if (!metricApplies(name, c)) continue;
        metrics[name].items++;
        metrics[name].turns += c.turns.length;
      }
    }
  }
  return { conversations, metrics };
}

/** A run's items: its metrics' applicable conversations, summed. */
export const itemsOf = (counts: ApplicableCounts, metrics: readonly { name: MetricName }[]): number =>
  metrics.reduce((n, m) => n + counts.metrics[m.name].items, 0);
