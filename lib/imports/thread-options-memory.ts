import { z } from 'zod';
import { threadFieldSchema } from '../datasets/options-schema';
import type { Db } from '../db/db-types';
import { getThreadMapping, rememberThreadMapping } from '../db/queries/datasets/csv-mapping-memory';

const storedSchema = z.object({ threadKey: threadFieldSchema.optional(), orderBy: threadFieldSchema.optional() });

export interface RememberedThreadOptions {
  threadKey?: string;
  orderBy?: string;
  savedAt: Date;
}

/** Keeps the thread key and order field a chat log was imported with, for the next file whose records have the same fields. */
export async function rememberThreadOptions(db: Db, projectId: string, recordKeys: readonly string[], options: { threadKey?: string; orderBy?: string }): Promise<void> {
  await rememberThreadMapping(db, projectId, recordKeys, storedSchema.parse(options));
}

/** The thread key and order field last used for records with these fields, if any (checked on the way out like any input). */
export async function recallThreadOptions(db: Db, projectId: string, recordKeys: readonly string[]): Promise<RememberedThreadOptions | null> {
  const row = await getThreadMapping(db, projectId, recordKeys);
  if (!row) return null;
  const parsed = storedSchema.safeParse(row.mapping);
  if (!parsed.success || (!parsed.data.threadKey && !parsed.data.orderBy)) return null;
  return { ...parsed.data, savedAt: row.updatedAt };
}
