import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { handleExportRequest } from '@/lib/imports/handle-requests';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => handleExportRequest(getDb(), principal.project.id, (await ctx.params).id, request));
}
