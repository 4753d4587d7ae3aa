import 'server-only';
import { getDb } from '../../db/client';
import { listLiveDatasets } from '../../db/queries/online/online-rules';
import { getDatasetRedaction } from '../../db/queries/redaction/dataset-redaction';
import { listRedactionPatterns, type StoredPattern } from '../../db/queries/redaction/redaction-patterns';
import { storedRedactionOf, type StoredRedaction } from '../stored-setting';

export interface LiveRedactionRow {
  datasetId: string;
  name: string;
  setting: StoredRedaction | null;
}

/** The personal-data settings page: the saved patterns, each live dataset's setting, and the default for new ones (TURNWISE_LIVE_REDACT). */
export async function loadRedactionSettings(): Promise<{ patterns: StoredPattern[]; live: LiveRedactionRow[]; liveDefault: string | null }> {
  const db = getDb();
  const [patterns, live] = await Promise.all([listRedactionPatterns(db), listLiveDatasets(db)]);
  const rows = await Promise.all(
    live.map(async (l) => ({ datasetId: l.datasetId, name: l.name, setting: storedRedactionOf((await getDatasetRedaction(db, l.datasetId)).piiRedaction) })),
  );
  return { patterns, live: rows, liveDefault: process.env.TURNWISE_LIVE_REDACT?.trim() || null };
}

/** The saved patterns an upload or a live dataset may apply (name and source: the upload's preview applies them in the browser). */
export const loadRedactionPatterns = async (): Promise<{ name: string; pattern: string }[]> =>
  (await listRedactionPatterns(getDb())).map((p) => ({ name: p.name, pattern: p.pattern }));
