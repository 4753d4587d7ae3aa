import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { runExportResponse } from '@/lib/exports/run-export-response';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async () => runExportResponse(getDb(), (await ctx.params).id, request));
}
