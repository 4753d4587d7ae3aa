import 'server-only';
import { getDb } from '../../db/client';
import { listLiveDatasets } from '../../db/queries/online/online-rules';
import { listAllProjects } from '../../db/queries/projects/get-project';
import { getDatasetRedaction } from '../../db/queries/redaction/dataset-redaction';
import { listRedactionPatterns, type StoredPattern } from '../../db/queries/redaction/redaction-patterns';
import type { ProjectRef } from '../../identity/project';
import { storedRedactionOf, type StoredRedaction } from '../stored-setting';

export interface LiveRedactionRow {
  project: ProjectRef;
  datasetId: string;
  name: string;
  setting: StoredRedaction | null;
}

/** The personal-data settings page (instance admins): the saved patterns, every project's live datasets with their settings, and the default for new ones (TURNWISE_LIVE_REDACT). */
export async function loadRedactionSettings(): Promise<{ patterns: StoredPattern[]; live: LiveRedactionRow[]; liveDefault: string | null }> {
  const db = getDb();
  const [patterns, projects] = await Promise.all([listRedactionPatterns(db), listAllProjects(db)]);
  const rows: LiveRedactionRow[] = [];
  for (const project of projects) {
    for (const l of await listLiveDatasets(db, project.id)) {
      rows.push({ project, datasetId: l.datasetId, name: l.name, setting: storedRedactionOf((await getDatasetRedaction(db, project.id, l.datasetId)).piiRedaction) });
    }
  }
  return { patterns, live: rows, liveDefault: process.env.TURNWISE_LIVE_REDACT?.trim() || null };
}

/** The saved patterns an upload or a live dataset may apply (name and source: the upload's preview applies them in the browser). */
export const loadRedactionPatterns = async (): Promise<{ name: string; pattern: string }[]> =>
  (await listRedactionPatterns(getDb())).map((p) => ({ name: p.name, pattern: p.pattern }));
