import { getDb } from '@/lib/db/client';
import { handleExportRequest } from '@/lib/imports/handle-requests';

export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  const { id } = await ctx.params;
  return handleExportRequest(getDb(), id, request);
}
