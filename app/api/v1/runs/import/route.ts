import { importRunResponse } from '@/lib/api/import-run';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

// The file is read whole (a test run is one JSON document), up to the uploads' limit.
export async function POST(request: Request) {
  return withApi(request, (principal) => importRunResponse(getDb(), principal.project, request));
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
