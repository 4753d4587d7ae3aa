import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { assertMayChange } from '@/lib/auth/ownership';
import { getDb } from '@/lib/db/client';
import { retryErroredResults } from '@/lib/runs/queue/retry-errored-results';

/** POST /api/v1/runs/:id/retry-errored: queue an ended run again for its errored results only. */
export async function POST(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withApi(request, async (principal) => {
    const { id } = await ctx.params;
    await assertMayChange(getDb(), principal, 'run', id);
    return Response.json(await retryErroredResults(getDb(), principal.project.id, id, process.env), { status: 202 });
  });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
