import 'server-only';
import { getDb } from '../../db/client';
import { getUserEmail, listCustomMetricVersions } from '../../db/queries/custom-metrics/custom-metrics';
import { AppError } from '../../errors';
import { loadMetricEditorOptions } from '../editor-options';

/** A custom metric's page: its versions newest first, its owner's email and, for someone who may edit, the editor filled with the newest version. NOT_FOUND for an unknown metric. */
export async function loadMetricPage(projectId: string, name: string, withEditor: boolean) {
  const db = getDb();
  const versions = await listCustomMetricVersions(db, projectId, name);
  const [newest] = versions;
  if (!newest) throw new AppError('NOT_FOUND', `No custom metric named ${name}`);
  const owner = newest.ownerId ? await getUserEmail(db, newest.ownerId) : null;
  const editor = withEditor ? await loadMetricEditorOptions(db, projectId, process.env, { version: newest.version, definition: newest.definition, stepsWritten: newest.stepsWritten }) : null;
  return { versions, newest, owner, editor };
}
