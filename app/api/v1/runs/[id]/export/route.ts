import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { runExportResponse } from '@/lib/exports/run-export-response';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => runExportResponse(getDb(), principal.project.id, (await ctx.params).id, request));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
