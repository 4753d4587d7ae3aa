import { otherMethods } from '@/lib/api/other-methods';
import { createReplayResponse, listReplaysResponse } from '@/lib/api/replays';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request) {
  return withApi(request, (principal) => createReplayResponse(getDb(), principal, request, process.env));
}

export async function GET(request: Request) {
  return withApi(request, (principal) => listReplaysResponse(getDb(), principal.project.id, request));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
