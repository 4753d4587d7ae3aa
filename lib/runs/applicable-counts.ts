import { datasetConversationPages } from '../db/queries/datasets/conversation-pages';
import type { Db } from '../db/queries/db-types';
import { selectionApplies, type MetricSelection } from '../metrics/selected-metric';
import { METRIC_NAMES } from '../metrics/registry';

export interface ApplicableCounts {
  conversations: number;
  /** Per metric (every built-in one, and the custom ones asked for): the conversations it applies to (a run's items) and their turns. */
  metrics: Record<string, { items: number; turns: number }>;
}

/**
 * Which metrics apply to how many of a dataset's conversations, read a page at a time (the
 * dataset is never held whole, and other requests are served between pages).
 */
export async function countApplicable(db: Db, datasetId: string, custom: readonly MetricSelection[] = []): Promise<ApplicableCounts> {
  // A built-in metric the caller names is counted with its options (tool_use's availableTools stands for the field).
  const named = new Map(custom.filter((m) => !m.custom).map((m) => [m.name, m]));
  const selections = [...METRIC_NAMES.map((name): MetricSelection => named.get(name) ?? { name, options: {} }), ...custom.filter((m) => m.custom)];
  const metrics: ApplicableCounts['metrics'] = Object.fromEntries(selections.map((m) => [m.name, { items: 0, turns: 0 }]));
  let conversations = 0;
  for await (const page of datasetConversationPages(db, datasetId)) {
    for (const c of page) {
      conversations++;
      for (const m of selections) {
        if (!selectionApplies(m, c)) continue;
        metrics[m.name].items++;
        metrics[m.name].turns += c.turns.length;
      }
    }
  }
  return { conversations, metrics };
}

/** A run's items: its metrics' applicable conversations, summed. */
export const itemsOf = (counts: ApplicableCounts, metrics: readonly { name: string }[]): number =>
  metrics.reduce((n, m) => n + (counts.metrics[m.name]?.items ?? 0), 0);
