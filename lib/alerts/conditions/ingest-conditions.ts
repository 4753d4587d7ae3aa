import type { Db } from '../../db/db-types';
import { batchIngestedSince } from '../../db/queries/alerts/alert-facts';
import { listFiringStates } from '../../db/queries/alerts/alert-states';
import type { ActiveRule, Observation } from '../observation';

const watchesIngest = ({ condition: c }: ActiveRule) => c.kind === 'failure' && (c.of === 'ingest' || c.of === 'any');

/** Received batches that could not be ingested (kept, not retried): each rule on ingest failures fires. */
export function observeIngestFailure(rules: readonly ActiveRule[], failure: { batches: number; error: string }): Observation[] {
  return rules.filter(watchesIngest).map((rule) => ({
    rule,
    scopeKey: 'ingest',
    firing: true,
    value: failure.batches,
    summary: `${failure.batches} received OpenTelemetry batch${failure.batches === 1 ? '' : 'es'} could not be ingested: ${failure.error.slice(0, 500)}`,
    // No page lists received batches: the rule's own page shows this alert and its error.
    link: `/alerts/${rule.row.id}`,
    details: { batches: failure.batches, error: failure.error.slice(0, 1000) },
  }));
}

/** A firing ingest alert resolves once a batch is ingested without error after it fired. */
export async function observeIngestRecovery(db: Db, rules: readonly ActiveRule[]): Promise<Observation[]> {
  const watching = rules.filter(watchesIngest);
  if (!watching.length) return [];
  const firing = await listFiringStates(db, watching.map((r) => r.row.id), 'ingest');
  const out: Observation[] = [];
  for (const state of firing) {
    const rule = watching.find((r) => r.row.id === state.ruleId)!;
    if (!(await batchIngestedSince(db, rule.row.projectId, state.changedAt))) continue;
    out.push({ rule, scopeKey: 'ingest', firing: false, value: 0, summary: 'Received batches are being ingested again', link: `/alerts/${rule.row.id}`, details: {} });
  }
  return out;
}
