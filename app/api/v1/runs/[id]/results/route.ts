import { listResultsResponse } from '@/lib/api/list-results';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async () => listResultsResponse(getDb(), (await ctx.params).id, request));
}
