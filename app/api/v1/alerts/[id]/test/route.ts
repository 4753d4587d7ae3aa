import { testAlertResponse } from '@/lib/api/alerts';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

type Ctx = { params: Promise<{ id: string }> };

export async function POST(request: Request, ctx: Ctx) {
  return withApi(request, async (principal) => testAlertResponse(getDb(), principal, (await ctx.params).id, process.env));
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
