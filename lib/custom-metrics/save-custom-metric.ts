import { getCustomMetric, insertCustomMetricVersion, type StoredCustomMetric } from '../db/queries/custom-metrics/custom-metrics';
import type { Db } from '../db/queries/db-types';
import { AppError } from '../errors';
import type { Judge } from '../judge/types';
import type { GEvalDefinition } from '../metrics/g-eval';
import { checkCustomDefinition } from './check-definition';
import { withEvaluationSteps } from './write-steps';

/** JSON with object keys sorted: two definitions read back in another key order are still the same. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
const withoutSteps = ({ evaluationSteps: _, ...rest }: GEvalDefinition) => rest;

/**
 * Saves a definition as the next version of its name. Without evaluation steps, the judge
 * writes them from the criteria (one call), unless the newest version has the same criteria and
 * fields and its steps were written: those are kept. A definition equal to the newest version
 * adds no version.
 */
export async function saveCustomMetric(
  db: Db,
  input: unknown,
  options: { judge: () => Promise<Judge>; createdBy: string | null },
): Promise<{ metric: StoredCustomMetric; created: boolean }> {
  const checked = checkCustomDefinition(input);
  const latest = await getCustomMetric(db, checked.name);
  if (latest && latest.scope !== checked.scope) {
    throw new AppError('BAD_INPUT', `scope: ${checked.name} measures a ${latest.scope}; a new version keeps its scope (give a ${checked.scope}-scope metric another name)`, {
      field: 'scope',
    });
  }
  let definition: GEvalDefinition;
  let written: boolean;
  if (!checked.evaluationSteps && latest?.stepsWritten && same(withoutSteps(latest.definition), checked)) {
    ({ definition, written } = { definition: latest.definition, written: true });
  } else {
    ({ definition, written } = await withEvaluationSteps(checked, await options.judge()));
  }
  if (latest && same(latest.definition, definition)) return { metric: latest, created: false };
  const metric = await insertCustomMetricVersion(db, { definition, stepsWritten: written, createdBy: options.createdBy });
  return { metric, created: true };
}
