import { otherMethods } from '@/lib/api/other-methods';
import { getReplayResponse } from '@/lib/api/replays';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => getReplayResponse(getDb(), principal.project.id, (await ctx.params).id));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
