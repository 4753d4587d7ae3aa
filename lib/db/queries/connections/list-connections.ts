import type { Db } from '../../db-types';

/** What the admin page shows of a connection: the key's last four characters at most. */
export interface ConnectionInfo {
  id: string;
  name: string;
  baseUrl: string;
  keyLastFour: string | null;
  models: string[];
  rpm: number | null;
  tpm: number | null;
  /** The judge forms preselect (an admin marked it). */
  isDefault: boolean;
  updatedAt: Date;
}

/** A connection with its encrypted key, for turning into a judge endpoint on the server. */
export interface ConnectionSecretRow {
  name: string;
  baseUrl: string;
  keyCipher: string | null;
  models: string[];
  rpm: number | null;
  tpm: number | null;
  isDefault: boolean;
}

/** The stored models column: a JSON array of model names. */
const modelsOf = (json: unknown): string[] => (Array.isArray(json) ? json.filter((m): m is string => typeof m === 'string') : []);

/** A project's connections, by name. */
export async function listConnectionInfos(db: Db, projectId: string): Promise<ConnectionInfo[]> {
  const rows = await db.judgeConnection.findMany({
    where: { projectId },
    orderBy: { name: 'asc' },
    select: { id: true, name: true, baseUrl: true, keyLastFour: true, models: true, rpm: true, tpm: true, isDefault: true, updatedAt: true },
  });
  return rows.map((row) => ({ ...row, models: modelsOf(row.models) }));
}

/** A project's connections with their sealed keys (the judges of its runs, replays and rules). */
export async function listConnectionSecrets(db: Db, projectId: string): Promise<ConnectionSecretRow[]> {
  const rows = await db.judgeConnection.findMany({ where: { projectId }, orderBy: { name: 'asc' }, select: { name: true, baseUrl: true, keyCipher: true, models: true, rpm: true, tpm: true, isDefault: true } });
  return rows.map((row) => ({ ...row, models: modelsOf(row.models) }));
}
