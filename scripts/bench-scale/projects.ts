import type { Db } from '../../lib/db/db-types';
import { insertProject } from '../../lib/db/queries/projects/save-project';
import type { ProjectRef } from '../../lib/identity/project';
import { writeSyntheticRun } from './synthetic-run';

/*
 * The other projects of a server with several: each holds a copy of the timed dataset (its
 * conversations and turns copied by SQL) and a completed run over it, so that every list and
 * query of the timed project has the others' rows beside its own and must find its own through
 * the project's indexes.
 */

export const BENCH_PROJECT = { slug: 'bench', name: 'Bench' } as const;

/** The timed project: made on first use, found in a kept database. */
export async function benchProject(db: Db): Promise<ProjectRef> {
  const found = await db.project.findUnique({ where: { slug: BENCH_PROJECT.slug }, select: { id: true, slug: true, name: true } });
  return found ?? insertProject(db, BENCH_PROJECT);
}

/** The columns of a table that an INSERT may write (not the generated ones, such as the search columns). */
async function writableColumns(db: Db, table: string): Promise<string[]> {
  const rows = await db.$queryRawUnsafe<{ column_name: string }[]>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    table,
  );
  return rows.map((r) => r.column_name);
}

/** INSERT … SELECT of a table's rows with some columns replaced by expressions over the source row `s`. */
async function copyRows(db: Db, table: string, replaced: Record<string, string>, from: string, ...params: unknown[]): Promise<void> {
  const columns = await writableColumns(db, table);
  const list = columns.map((c) => `"${c}"`).join(', ');
  const values = columns.map((c) => replaced[c] ?? `s."${c}"`).join(', ');
  await db.$executeRawUnsafe(`INSERT INTO "${table}" (${list}) SELECT ${values} ${from}`, ...params);
}

/** Copies a dataset's first `conversations` conversations and their turns into a new dataset of `projectId`; its id. */
async function copyDataset(db: Db, sourceId: string, projectId: string, suffix: string, conversations: number): Promise<string> {
  const id = `${sourceId}-${suffix}`;
  const tail = `'-${suffix}'`;
  await copyRows(
    db,
    'Dataset',
    { id: `'${id}'`, projectId: '$2', name: `s."name" || ' (${suffix})'`, conversationCount: `LEAST(s."conversationCount", $3::int)` },
    'FROM "Dataset" s WHERE s."id" = $1',
    sourceId,
    projectId,
    conversations,
  );
  await copyRows(db, 'Conversation', { id: `s."id" || ${tail}`, datasetId: `'${id}'` }, 'FROM "Conversation" s WHERE s."datasetId" = $1 AND s."position" < $2', sourceId, conversations);
  await copyRows(
    db,
    'Turn',
    { id: `s."id" || ${tail}`, conversationId: `s."conversationId" || ${tail}` },
    'FROM "Turn" s JOIN "Conversation" c ON c."id" = s."conversationId" WHERE c."datasetId" = $1 AND c."position" < $2',
    sourceId,
    conversations,
  );
  await db.$executeRawUnsafe(`UPDATE "Dataset" SET "turnCount" = (SELECT count(*) FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId" WHERE c."datasetId" = $1) WHERE "id" = $1`, id);
  return id;
}

/** Makes projects until the server has `total` (Default and the timed one included), each with a copy of the dataset and a run. */
export async function fillOtherProjects(
  db: Db,
  options: { total: number; sourceDatasetId: string; conversations: number; metrics: readonly string[]; log: (line: string) => void },
): Promise<number> {
  let made = 0;
  for (let n = (await db.project.count()) + 1; n <= options.total; n++) {
    const started = performance.now();
    const project = await insertProject(db, { slug: `other-${n}`, name: `Other ${n}` });
    const datasetId = await copyDataset(db, options.sourceDatasetId, project.id, project.slug, options.conversations);
    await writeSyntheticRun(db, { projectId: project.id, datasetId, conversations: options.conversations, metrics: options.metrics, modelVersion: 'v1', failShare: 0.2 });
    options.log(`project ${project.slug}: ${options.conversations.toLocaleString('en-US')} conversations and a run of ${options.metrics.length} metrics in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    made++;
  }
  return made;
}
