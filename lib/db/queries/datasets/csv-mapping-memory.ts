import { createHash } from 'node:crypto';
import type { CsvMapping, RoleValues } from '../../../datasets';
import { csvMappingSchema, roleValuesSchema } from '../../../datasets';
import type { Db } from '../../db-types';

/** The same columns, whatever their case, spacing or order, give the same signature. */
export function headerSignature(headers: readonly string[]): string {
  const normalised = [...new Set(headers.map((h) => h.trim().toLowerCase()))].sort();
  return createHash('sha256').update(normalised.join('\u0000')).digest('hex');
}

export interface RememberedMapping {
  mapping: CsvMapping;
  roleValues: RoleValues | null;
  savedAt: Date;
}

/** Keeps the mapping a CSV was imported with, for the next file with the same columns (its keys are the headers). */
export async function rememberCsvMapping(db: Db, mapping: CsvMapping, roleValues: RoleValues | undefined): Promise<void> {
  const headers = Object.keys(mapping);
  if (headers.length === 0) return;
  const signature = headerSignature(headers);
  // {} for none: a JSON null would need each provider's own DbNull value.
  const data = { headers, mapping, roleValues: roleValues ?? {} };
  await db.csvMappingMemory.upsert({ where: { signature }, create: { signature, ...data }, update: data });
}

/** The mapping last used for files with these columns, if any (checked on the way out like any input). */
export async function recallCsvMapping(db: Db, headers: readonly string[]): Promise<RememberedMapping | null> {
  const row = await db.csvMappingMemory.findUnique({ where: { signature: headerSignature(headers) }, select: { mapping: true, roleValues: true, updatedAt: true } });
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
