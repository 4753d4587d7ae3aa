import { getCustomMetric, getUserEmail, insertCustomMetricVersion, type StoredCustomMetric } from '../db/queries/custom-metrics/custom-metrics';
import type { Db } from '../db/db-types';
import { AppError } from '../errors';
import { mayChange } from '../identity/roles';
import { ownerIdOf, type Principal } from '../identity/principal';
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
 * Runs use a metric's newest version by default: only its owner or an admin publishes one (the
 * service key, like for datasets and runs, the metrics no user owns). Anyone else may save a
 * copy under another name, which is theirs.
 */
async function assertMayPublish(db: Db, principal: Principal, latest: StoredCustomMetric): Promise<void> {
  if (mayChange(principal, latest.ownerId)) return;
  const owner = latest.ownerId ? await getUserEmail(db, latest.ownerId) : null;
  const whose = owner
    ? `${latest.name} belongs to ${owner}: only its owner or an admin publishes a new version.`
    : `${latest.name} has no owner (made before owners were recorded, or by the CLI or the service key): only an admin publishes a new version.`;
  throw new AppError('FORBIDDEN', `name: ${whose} Save your changes under another name to make your own copy.`, { field: 'name' });
}

/**
 * Saves a definition as the next version of its name. Without evaluation steps, the judge
 * writes them from the criteria (one call), unless the newest version has the same criteria and
 * fields and its steps were written: those are kept. A definition equal to the newest version
 * adds no version. `principal` null: the CLI, which writes the database directly.
 */
export async function saveCustomMetric(
  db: Db,
  projectId: string,
  input: unknown,
  options: { judge: () => Promise<Judge>; createdBy: string | null; principal: Principal | null },
): Promise<{ metric: StoredCustomMetric; created: boolean }> {
  const checked = checkCustomDefinition(input);
  const latest = await getCustomMetric(db, projectId, checked.name);
  if (latest && options.principal) await assertMayPublish(db, options.principal, latest);
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
  const metric = await insertCustomMetricVersion(db, projectId, { definition, stepsWritten: written, createdBy: options.createdBy, ownerId: ownerIdOf(options.principal) });
  return { metric, created: true };
}
