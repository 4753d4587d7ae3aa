import { compareResponse } from '@/lib/api/compare';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

export async function GET(request: Request) {
  return withApi(request, (principal) => compareResponse(getDb(), principal.project.id, request));
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
