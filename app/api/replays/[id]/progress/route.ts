import { withErrors } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';
import { getReplayLive } from '@/lib/replay/replay-live';

// Polled by the replay page once a second while the replay or its evaluation run goes on.
export async function GET(request: Request, ctx: { params: Promise<{ id: string }> }) {
  return withErrors(request, async (principal) => Response.json(await getReplayLive(getDb(), principal.project.id, (await ctx.params).id), { headers: { 'cache-control': 'no-store' } }));
}
