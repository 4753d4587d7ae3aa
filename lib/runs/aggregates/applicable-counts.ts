import { backFillApplicableCounts, getApplicableCounts } from '../../db/queries/datasets/applicable-counts';
import { datasetConversationPages } from '../../db/queries/datasets/conversation-pages';
import { addToProfile, countsFromProfile, emptyProfile, readProfile } from '../../metrics/applicability-profile';
import type { Db } from '../../db/db-types';
import { selectionApplies, type MetricSelection } from '../../metrics/selected-metric';
import { METRIC_NAMES } from '../../metrics/registry';

export interface ApplicableCounts {
  conversations: number;
  /** Per metric (every built-in one, and the custom ones asked for): the conversations it applies to (a run's items) and their turns. */
  metrics: Record<string, { items: number; turns: number }>;
}

/**
 * Which metrics apply to how many of a dataset's conversations: from the counts stored when they
 * were written. A dataset stored before those existed, or a metric whose options change where it
 * applies, is counted from its conversations, read a page at a time; with `backFill` (a run being
 * started, never a page's GET) the counts read are stored for the next time.
 */
export async function countApplicable(
  db: Db,
  datasetId: string,
  chosen: readonly MetricSelection[] = [],
  options: { backFill?: boolean } = {},
): Promise<ApplicableCounts> {
  // A built-in metric counts with the options chosen for it (an option may stand in for a missing field).
  const builtIn = METRIC_NAMES.map((name): MetricSelection => chosen.find((m) => m.name === name && !m.custom) ?? { name, options: {} });
  const selections = [...builtIn, ...chosen.filter((m) => m.custom)];
  const { stored, live } = await getApplicableCounts(db, datasetId);
  const profile = readProfile(stored);
  const counted = profile && countsFromProfile(profile, selections);
  if (counted) return counted;
  // A live dataset's counts change with every write: a back-fill racing one would be wrong for good.
  return readApplicable(db, datasetId, selections, !profile && !live && options.backFill === true);
}

async function readApplicable(db: Db, datasetId: string, selections: MetricSelection[], backFill: boolean): Promise<ApplicableCounts> {
  const profile = emptyProfile();
  const metrics: ApplicableCounts['metrics'] = Object.fromEntries(selections.map((m) => [m.name, { items: 0, turns: 0 }]));
  let conversations = 0;
  for await (const page of datasetConversationPages(db, datasetId)) {
    if (backFill) addToProfile(profile, page);
    for (const c of page) {
      conversations++;
      for (const m of selections) {
        if (!selectionApplies(m, c)) continue;
        metrics[m.name].items++;
        metrics[m.name].turns += c.turns.length;
      }
    }
  }
  if (backFill) await backFillApplicableCounts(db, datasetId, profile);
  return { conversations, metrics };
}

/** A run's items: its metrics' applicable conversations, summed. */
export const itemsOf = (counts: ApplicableCounts, metrics: readonly { name: string }[]): number =>
  metrics.reduce((n, m) => n + (counts.metrics[m.name]?.items ?? 0), 0);
