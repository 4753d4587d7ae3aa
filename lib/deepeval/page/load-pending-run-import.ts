import 'server-only';
import { getDb } from '../../db/client';
import { getRunImport } from '../../db/queries/run-imports/get-run-import';

export interface PendingRunImport {
  id: string;
  origin: string;
  received: number;
  expected: number;
  status: 'receiving' | 'storing' | 'failed';
  error: string | null;
  updatedAt: Date;
}

/**
 * The run page of an id a tool's client was given before its run was stored (deepeval links to
 * it at its first request): how many cases have arrived, or why storing failed. Null for any
 * other id, and once the run is stored.
 */
export async function loadPendingRunImport(projectId: string, id: string): Promise<PendingRunImport | null> {
  const row = await getRunImport(getDb(), projectId, id);
  if (!row || row.status === 'stored') return null;
  const status = row.status === 'storing' || row.status === 'failed' ? row.status : 'receiving';
  return { id: row.id, origin: row.origin, received: row.received, expected: row.expected, status, error: row.error, updatedAt: row.updatedAt };
}
