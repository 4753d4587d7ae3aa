import { otherMethods } from '@/lib/api/other-methods';
import { runAgreementResponse } from '@/lib/api/run-agreement';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => runAgreementResponse(getDb(), principal.project.id, (await ctx.params).id));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
