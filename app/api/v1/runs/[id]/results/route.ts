import { listResultsResponse } from '@/lib/api/list-results';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => listResultsResponse(getDb(), principal.project.id, (await ctx.params).id, request));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
