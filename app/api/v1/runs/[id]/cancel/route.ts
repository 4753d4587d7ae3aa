import { cancelRunResponse } from '@/lib/api/cancel-run';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => cancelRunResponse(getDb(), principal, (await ctx.params).id));
}
