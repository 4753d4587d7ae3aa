import { otherMethods } from '@/lib/api/other-methods';
import { estimateReplayResponse } from '@/lib/api/replays';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

// A viewer may ask what a replay would cost: nothing is started or stored.
export async function POST(request: Request) {
  return withApi(request, (principal) => estimateReplayResponse(getDb(), principal, request, process.env), process.env, 'viewer');
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
