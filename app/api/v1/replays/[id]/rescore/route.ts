import { otherMethods } from '@/lib/api/other-methods';
import { rescoreReplayResponse } from '@/lib/api/replays';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => rescoreReplayResponse(getDb(), principal, (await ctx.params).id, process.env));
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
