import type { Db } from '../../db-types';

/** The span attributes online rules take their model version from (across projects: the ingest worker keeps these labels for any project's spans; they are attribute names, not data). */
export async function listVersionAttributes(db: Db): Promise<string[]> {
  const rules = await db.onlineRule.findMany({ where: { versionAttribute: { not: null } }, select: { versionAttribute: true } });
  return [...new Set(rules.map((r) => r.versionAttribute!))];
}
