import { csvMappingSchema, roleValuesSchema, type CsvMapping, type RoleValues } from '../datasets';
import type { Db } from '../db/db-types';
import { getCsvMappingMemory } from '../db/queries/datasets/csv-mapping-memory';

export interface RememberedMapping {
  mapping: CsvMapping;
  roleValues: RoleValues | null;
  savedAt: Date;
}

/** The mapping last used for files with these columns, if any (checked on the way out like any input). */
export async function recallCsvMapping(db: Db, projectId: string, headers: readonly string[]): Promise<RememberedMapping | null> {
  const row = await getCsvMappingMemory(db, projectId, headers);
  if (!row) return null;
  const mapping = csvMappingSchema.safeParse(row.mapping);
  if (!mapping.success) return null;
  // Stored keys are the headers of the file it came from: map them onto this file's spelling.
  const byNormal = new Map(headers.map((h) => [h.trim().toLowerCase(), h]));
  const remapped: CsvMapping = {};
  for (const [header, field] of Object.entries(mapping.data)) {
    const own = byNormal.get(header.trim().toLowerCase());
    if (own) remapped[own] = field;
  }
  const roleValues = roleValuesSchema.safeParse(row.roleValues);
  return { mapping: remapped, roleValues: roleValues.success && Object.keys(roleValues.data).length > 0 ? roleValues.data : null, savedAt: row.updatedAt };
}
