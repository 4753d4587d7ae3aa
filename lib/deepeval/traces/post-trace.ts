import 'server-only';
import type { Db } from '../../db/db-types';
import { findLiveConversationOf } from '../../db/queries/ingest/find-live-conversation';
import { readJsonBody, requestLimits } from '../../http/limits';
import { ingestFacts } from '../../ingest/ingest-facts';
import { liveConversationIdOf } from '../../ingest/materialize';
import type { Principal } from '../../identity/principal';
import { projectPath } from '../../nav/project-path';
import { deepevalOk } from '../http/answers';
import { badBody } from '../parse-body';
import { publicUrl } from '../../http/public-url';
import { factsOfTrace } from './facts-of-trace';
import { traceBodySchema } from './trace-body';

/**
 * POST /v1/traces: one trace, into the key's project, of deepeval's @observe'd code becomes the turn of its thread's live
 * conversation at once, through the ingest step's facts and materializer (a retry of the same
 * trace changes nothing). The answer links to the conversation; a body that is not a trace is a
 * 400 naming the field, with nothing stored.
 */
export async function postTrace(db: Db, principal: Principal, request: Request, env: Record<string, string | undefined> = process.env): Promise<Response> {
  const { project } = principal;
  const parsed = traceBodySchema.safeParse(await readJsonBody(request, requestLimits(env).jsonBodyBytes));
  if (!parsed.success) throw badBody(parsed.error);
  const facts = factsOfTrace(parsed.data);
  await ingestFacts(db, project.id, [facts.call], [facts.trace], env);
  const landed = await findLiveConversationOf(db, project.id, facts.trace.service!, liveConversationIdOf(facts.trace.traceId, facts.trace.conversationId));
  const link = landed ? publicUrl(request, projectPath(project.slug, `/datasets/${landed.datasetId}/conversations/${landed.conversationId}`), env) : undefined;
  return deepevalOk({ id: parsed.data.uuid, conversation: landed?.conversationId ?? null }, { id: parsed.data.uuid, ...(link ? { link } : {}) });
}
