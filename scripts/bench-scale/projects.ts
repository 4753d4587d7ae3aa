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

/** Copies a dataset's conversations (the first `conversations` of them) and turns into a new dataset of `projectId`; its id. */
async function copyDataset(db: Db, sourceId: string, projectId: string, suffix: string, conversations: number): Promise<string> {
  const id = `${sourceId}-${suffix}`;
  await db.$executeRawUnsafe(
    `INSERT INTO "Dataset" SELECT * FROM json_populate_record(NULL::"Dataset",
       (SELECT (row_to_json(d)::jsonb || jsonb_build_object('id', $2::text, 'projectId', $3::text, 'name', d."name" || ' (' || $4::text || ')', 'conversationCount', LEAST(d."conversationCount", $5::int)))::json FROM "Dataset" d WHERE d."id" = $1))`,
    sourceId,
    id,
    projectId,
    suffix,
    conversations,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Conversation" SELECT (json_populate_record(NULL::"Conversation", (row_to_json(c)::jsonb || jsonb_build_object('id', c."id" || $3::text, 'datasetId', $2::text))::json)).*
       FROM "Conversation" c WHERE c."datasetId" = $1 AND c."position" < $4`,
    sourceId,
    id,
    `-${suffix}`,
    conversations,
  );
  await db.$executeRawUnsafe(
    `INSERT INTO "Turn" SELECT (json_populate_record(NULL::"Turn", (row_to_json(t)::jsonb || jsonb_build_object('id', t."id" || $2::text, 'conversationId', t."conversationId" || $2::text))::json)).*
       FROM "Turn" t JOIN "Conversation" c ON c."id" = t."conversationId" WHERE c."datasetId" = $1 AND c."position" < $3`,
    sourceId,
    `-${suffix}`,
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
