import 'server-only';
import { z } from 'zod';
import { getDb } from '../../db/client';
import { getDatasetVersion, listDatasetVersions } from '../../db/queries/dataset-versions/list-dataset-versions';
import { AppError } from '../../errors';
import { requestLimits } from '../../http/limits';
import { deepevalOk } from '../http/answers';
import { readJson, wholeBodyLimit } from '../../http/whole-body';
import { publicUrl } from '../../http/public-url';
import { projectPath } from '../../nav/project-path';
import { withDeepeval } from '../http/with-deepeval';
import { DEEPEVAL_LIMITS } from '../limits';
import { parseBody } from '../parse-body';
import { pullDataset } from './pull-dataset';
import { pushDataset } from './push-dataset';
import { datasetPushSchema } from './schema';

type AliasParams = { params: Promise<{ alias: string }> };

const aliasSchema = z.string().trim().min(1, 'a dataset needs an alias').max(DEEPEVAL_LIMITS.nameChars, `at most ${DEEPEVAL_LIMITS.nameChars} characters`);

async function aliasOf(context: AliasParams): Promise<string> {
  const parsed = aliasSchema.safeParse((await context.params).alias);
  if (!parsed.success) throw new AppError('BAD_INPUT', `alias: ${parsed.error.issues[0].message}`, { field: 'alias' });
  return parsed.data;
}

/** `finalized` as deepeval sends it in the query ("true" / "false"); true when absent, as deepeval's default. */
const flag = (value: string | null): boolean => value === null || value.trim().toLowerCase() !== 'false';

/** GET /v1/datasets/:alias?finalized=&version=: a pull; a viewer may pull. */
export function handleDatasetPull(request: Request, context: AliasParams): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    const alias = await aliasOf(context);
    const query = new URL(request.url).searchParams;
    const version = query.get('version')?.trim() || undefined;
    const pulled = await pullDataset(getDb(), principal.project.id, alias, { finalized: flag(query.get('finalized')), ...(version ? { version } : {}) });
    return deepevalOk(pulled, { id: pulled.id, link: publicUrl(request, `/datasets/${pulled.id}`) });
  });
}

/** POST /v1/datasets/:alias: a push; an editor pushes. */
export function handleDatasetPush(request: Request, context: AliasParams): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    const alias = await aliasOf(context);
    const body = parseBody(datasetPushSchema(requestLimits().conversation), await readJson(request, wholeBodyLimit(DEEPEVAL_LIMITS.datasetBytes), 'The dataset'), 'the dataset');
    const stored = await pushDataset(getDb(), principal.project.id, alias, body);
    return deepevalOk({ id: stored.datasetId, version: stored.version, alias, reused: stored.reused }, { id: stored.datasetId, link: publicUrl(request, projectPath(principal.project.slug, `/datasets/${stored.datasetId}`)) });
  });
}

/** GET /v1/datasets/:alias/versions: the pushed versions, oldest first. */
export function handleDatasetVersions(request: Request, context: AliasParams): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    const alias = await aliasOf(context);
    const versions = await listDatasetVersions(getDb(), principal.project.id, alias, 'push');
    return deepevalOk({ versions: versions.map((v) => ({ id: v.datasetId, version: v.version, createdAt: v.createdAt.toISOString(), finalized: v.finalized })) });
  });
}

/**
 * POST /v1/datasets/:alias/versions (create_version): every push whose goldens changed is a
 * version already, so the newest is the one to take; it is answered as it is.
 */
export function handleCreateDatasetVersion(request: Request, context: AliasParams): Promise<Response> {
  return withDeepeval(request, async (principal) => {
    await request.body?.cancel().catch(() => undefined);
    const alias = await aliasOf(context);
    const newest = await getDatasetVersion(getDb(), principal.project.id, alias, 'push', { finalizedOnly: false });
    if (!newest) throw new AppError('NOT_FOUND', `Dataset ${alias} has no version on this Turnwise: push it first (EvaluationDataset.push(alias="${alias}")).`, { field: 'alias' });
    return deepevalOk({ id: newest.datasetId, version: newest.version }, { id: newest.datasetId, link: publicUrl(request, projectPath(principal.project.slug, `/datasets/${newest.datasetId}`)) });
  });
}
