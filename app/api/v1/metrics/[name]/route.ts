import { getCustomMetricResponse } from '@/lib/api/custom-metrics';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request, ctx: { params: Promise<{ name: string }> }) {
  return withApi(request, async (principal) => getCustomMetricResponse(getDb(), principal.project.id, (await ctx.params).name));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
