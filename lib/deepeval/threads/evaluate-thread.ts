import 'server-only';
import { z } from 'zod';
import type { Db } from '../../db/db-types';
import { AppError } from '../../errors';
import { readJsonBody, requestLimits } from '../../http/limits';
import { scoreConversationNow } from '../../online/score-conversation-now';
import { MAX_THREAD_ID_CHARS } from '../traces/trace-body';
import { deepevalOk } from '../http/answers';
import { badBody } from '../parse-body';
import { publicUrl } from '../../http/public-url';
import type { Principal } from '../../identity/principal';
import { projectPath } from '../../nav/project-path';

/** What evaluate_thread() posts (deepeval/tracing/offline_evals/api.py EvaluateThreadRequestBody). */
const evaluateThreadSchema = z.object(
  {
    metricCollection: z.string({ error: 'name the online rule to run (text)' }).trim().min(1, 'name the online rule to run (text)').max(120, 'at most 120 characters'),
    overwriteMetrics: z.boolean({ error: 'expected true or false' }).nullish(),
    chatbotRole: z.string({ error: 'expected text' }).trim().max(10_000, 'at most 10,000 characters').nullish(),
  },
  { error: 'expected a JSON object: { metricCollection, overwriteMetrics, chatbotRole }' },
);

/**
 * POST /v1/evaluate/threads/:threadId: runs the online rule named by metricCollection on the
 * thread's live conversation now, with the chatbotRole sent; overwriteMetrics scores a thread
 * the rule has already scored at its current turns again, replacing that result. An unknown rule
 * or thread is a 404 that names which; the answer links to the scored conversation in its run.
 */
export async function evaluateThread(db: Db, principal: Principal, request: Request, threadId: string, env: Record<string, string | undefined> = process.env): Promise<Response> {
  if (!threadId.trim() || threadId.length > MAX_THREAD_ID_CHARS) {
    await request.body?.cancel().catch(() => undefined);
    throw new AppError('BAD_INPUT', `threadId: a thread id of 1 to ${MAX_THREAD_ID_CHARS} characters`, { field: 'threadId' });
  }
  const parsed = evaluateThreadSchema.safeParse(await readJsonBody(request, requestLimits(env).jsonBodyBytes));
  if (!parsed.success) throw badBody(parsed.error);
  const body = parsed.data;
  const outcome = await scoreConversationNow(
    { db, env },
    { projectId: principal.project.id, ruleName: body.metricCollection, externalId: threadId, chatbotRole: body.chatbotRole || undefined, overwrite: body.overwriteMetrics ?? false },
  );
  const link = publicUrl(request, projectPath(principal.project.slug, `/runs/${outcome.runId}/conversations/${outcome.conversationId}`), env);
  return deepevalOk({ threadId, metricCollection: body.metricCollection, ...outcome }, { id: outcome.runId, link });
}
