import { createHash } from 'node:crypto';
import type { Db } from '../../db-types';

/** The same columns, whatever their case, spacing or order, give the same signature. */
export function headerSignature(headers: readonly string[]): string {
  const normalised = [...new Set(headers.map((h) => h.trim().toLowerCase()))].sort();
  return createHash('sha256').update(normalised.join('\u0000')).digest('hex');
}

/** Keeps the mapping a CSV was imported with, for the next file with the same columns (its keys are the headers). */
export async function rememberCsvMapping(db: Db, mapping: Readonly<Record<string, string>>, roleValues: Readonly<Record<string, string>> | undefined): Promise<void> {
  const headers = Object.keys(mapping);
  if (headers.length === 0) return;
  const signature = headerSignature(headers);
  // {} for none: a JSON null would need each provider's own DbNull value.
  const data = { headers, mapping, roleValues: roleValues ?? {} };
  await db.csvMappingMemory.upsert({ where: { signature }, create: { signature, ...data }, update: data });
}

/** The stored mapping and role values for files with these columns, unchecked (lib/imports/recall-csv-mapping.ts reads them). */
export async function getCsvMappingMemory(db: Db, headers: readonly string[]): Promise<{ mapping: unknown; roleValues: unknown; updatedAt: Date } | null> {
  return db.csvMappingMemory.findUnique({ where: { signature: headerSignature(headers) }, select: { mapping: true, roleValues: true, updatedAt: true } });
}
