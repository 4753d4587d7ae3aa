import { gEvalDefinitionSchema, type GEvalDefinition } from '../../../metrics/g-eval/definition';
import type { Db } from '../../db-types';

export interface StoredCustomMetric {
  id: string;
  name: string;
  version: number;
  scope: 'conversation' | 'turn';
  definition: GEvalDefinition;
  stepsWritten: boolean;
  createdAt: Date;
  createdBy: string | null;
  /** Who may publish new versions (with admins); null: admins only (and the service key, as for datasets). */
  ownerId: string | null;
}

type Row = { id: string; name: string; version: number; scope: string; definition: unknown; stepsWritten: boolean; createdAt: Date; createdBy: string | null; ownerId: string | null };

/** A stored version, its definition read back with the schema that wrote it (null when it no longer reads). */
function toStored(row: Row): StoredCustomMetric | null {
  const parsed = gEvalDefinitionSchema.safeParse(row.definition);
  if (!parsed.success) return null;
  return { ...row, scope: parsed.data.scope, definition: parsed.data };
}

/** The newest version of every custom metric of a project, by name. */
export async function listCustomMetrics(db: Db, projectId: string): Promise<(StoredCustomMetric & { versions: number })[]> {
  const rows = await db.customMetric.findMany({ where: { projectId }, orderBy: [{ name: 'asc' }, { version: 'desc' }] });
  const out: (StoredCustomMetric & { versions: number })[] = [];
  for (const row of rows) {
    if (out.length > 0 && out[out.length - 1].name === row.name) continue;
    const stored = toStored(row);
    if (stored) out.push({ ...stored, versions: row.version });
  }
  return out;
}

/** One version of a project's custom metric, the newest when none is named; null when the project has none. */
export async function getCustomMetric(db: Db, projectId: string, name: string, version?: number): Promise<StoredCustomMetric | null> {
  const row = await db.customMetric.findFirst({
    where: { projectId, name, ...(version === undefined ? {} : { version }) },
    orderBy: { version: 'desc' },
  });
  return row ? toStored(row) : null;
}

/** Every version of a project's custom metric, newest first. */
export async function listCustomMetricVersions(db: Db, projectId: string, name: string): Promise<StoredCustomMetric[]> {
  const rows = await db.customMetric.findMany({ where: { projectId, name }, orderBy: { version: 'desc' } });
  return rows.map(toStored).filter((m): m is StoredCustomMetric => m !== null);
}

/** The email of a metric's owner, for the message that refuses someone else's edit. */
export async function getUserEmail(db: Db, id: string): Promise<string | null> {
  return (await db.user.findUnique({ where: { id }, select: { email: true } }))?.email ?? null;
}

/**
 * Stores a definition as the next version of its name in a project. Two saves of one name at once both ask
 * for the same next version; the unique index refuses the second, which then takes the one after.
 */
export async function insertCustomMetricVersion(
  db: Db,
  projectId: string,
  input: { definition: GEvalDefinition; stepsWritten: boolean; createdBy: string | null; ownerId: string | null },
): Promise<StoredCustomMetric> {
  for (let attempt = 0; ; attempt++) {
    const latest = await db.customMetric.findFirst({ where: { projectId, name: input.definition.name }, orderBy: { version: 'desc' }, select: { version: true, ownerId: true } });
    try {
      const row = await db.customMetric.create({
        data: {
          projectId,
          name: input.definition.name,
          version: (latest?.version ?? 0) + 1,
          scope: input.definition.scope,
          definition: input.definition as object,
          stepsWritten: input.stepsWritten,
          createdBy: input.createdBy,
          // The owner of a name is whoever made its first version; later versions keep it.
          ownerId: latest ? latest.ownerId : input.ownerId,
        },
      });
      return toStored(row)!;
    } catch (error) {
      if ((error as { code?: string }).code !== 'P2002' || attempt >= 3) throw error;
    }
  }
}
