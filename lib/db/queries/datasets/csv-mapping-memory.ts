import { createHash } from 'node:crypto';
import type { Db } from '../../db-types';

/** The same columns, whatever their case, spacing or order, give the same signature. */
export function headerSignature(headers: readonly string[]): string {
  const normalised = [...new Set(headers.map((h) => h.trim().toLowerCase()))].sort();
  return createHash('sha256').update(normalised.join('\u0000')).digest('hex');
}

/** Keeps the mapping a CSV was imported with, for the next file with the same columns (its keys are the headers). */
export async function rememberCsvMapping(db: Db, projectId: string, mapping: Readonly<Record<string, string>>, roleValues: Readonly<Record<string, string>> | undefined): Promise<void> {
  const headers = Object.keys(mapping);
  if (headers.length === 0) return;
  const signature = headerSignature(headers);
  // {} for none: a JSON null would need each provider's own DbNull value.
  const data = { headers, mapping, roleValues: roleValues ?? {} };
  await db.csvMappingMemory.upsert({ where: { projectId_signature: { projectId, signature } }, create: { projectId, signature, ...data }, update: data });
}

/** The stored mapping and role values for files with these columns, unchecked (lib/imports/recall-csv-mapping.ts reads them). */
export async function getCsvMappingMemory(db: Db, projectId: string, headers: readonly string[]): Promise<{ mapping: unknown; roleValues: unknown; updatedAt: Date } | null> {
  return db.csvMappingMemory.findUnique({ where: { projectId_signature: { projectId, signature: headerSignature(headers) } }, select: { mapping: true, roleValues: true, updatedAt: true } });
}

/** Chat messages with a thread key (thread-jsonl) are remembered beside CSV mappings, under their own signature. */
const threadSignature = (keys: readonly string[]) => headerSignature(['\u0000thread-jsonl', ...keys]);

/** Keeps how chat messages with these fields were grouped and ordered, for the next file with the same fields. */
export async function rememberThreadMapping(db: Db, projectId: string, keys: readonly string[], options: { threadKey?: string; orderBy?: string }): Promise<void> {
  if (keys.length === 0) return;
  const signature = threadSignature(keys);
  const data = { headers: [...keys], mapping: { ...options }, roleValues: {} };
  await db.csvMappingMemory.upsert({ where: { projectId_signature: { projectId, signature } }, create: { projectId, signature, ...data }, update: data });
}

/** The grouping and ordering stored for chat messages with these fields, unchecked (lib/imports/thread-options-memory.ts reads it). */
export async function getThreadMapping(db: Db, projectId: string, keys: readonly string[]): Promise<{ mapping: unknown; updatedAt: Date } | null> {
  return db.csvMappingMemory.findUnique({ where: { projectId_signature: { projectId, signature: threadSignature(keys) } }, select: { mapping: true, updatedAt: true } });
}
