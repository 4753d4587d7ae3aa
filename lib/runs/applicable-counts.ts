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
export async function countApplicable(db: Db, datasetId: string, chosen: readonly MetricSelection[] = []): Promise<ApplicableCounts> {
  // A built-in metric counts with the options chosen for it (an option may stand in for a missing field).
  const builtIn = METRIC_NAMES.map((name): MetricSelection => chosen.find((m) => m.name === name && !m.custom) ?? { name, options: {} });
  const selections = [...builtIn, ...chosen.filter((m) => m.custom)];
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
