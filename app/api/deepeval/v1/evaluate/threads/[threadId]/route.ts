import { getDb } from '@/lib/db/client';
import { withDeepeval } from '@/lib/deepeval/http/with-deepeval';
import { evaluateThread } from '@/lib/deepeval/threads/evaluate-thread';

type Ctx = { params: Promise<{ threadId: string }> };

// deepeval's evaluate_thread(): runs an online rule now, so an editor's full key (an ingest-only key sends traces only).
export const POST = (request: Request, ctx: Ctx) => withDeepeval(request, async (principal) => evaluateThread(getDb(), principal, request, (await ctx.params).threadId));
