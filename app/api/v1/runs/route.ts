import { createRunResponse } from '@/lib/api/create-run';
import { listRunsResponse } from '@/lib/api/list-runs';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function POST(request: Request) {
  return withApi(request, (principal) => createRunResponse(getDb(), principal.project.id, request, process.env));
}

export async function GET(request: Request) {
  return withApi(request, (principal) => listRunsResponse(getDb(), principal.project.id, request));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
