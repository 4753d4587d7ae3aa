import { withErrors } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { runExportResponse } from '@/lib/exports/run-export-response';

// The dashboard's download links; the same export is under /api/v1 for scripts.
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withErrors(request, async (principal) => runExportResponse(getDb(), principal.project.id, (await ctx.params).id, request));
}
