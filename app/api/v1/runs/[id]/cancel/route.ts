import { cancelRunResponse } from '@/lib/api/cancel-run-response';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => cancelRunResponse(getDb(), principal, (await ctx.params).id));
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
