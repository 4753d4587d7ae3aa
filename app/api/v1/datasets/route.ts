import { createDatasetResponse } from '@/lib/api/create-dataset';
import { listDatasetsResponse } from '@/lib/api/list-datasets';
import { otherMethods } from '@/lib/api/other-methods';
import { withApi } from '@/lib/api/with-api';
import { getDb } from '@/lib/db/client';

// Multipart upload streamed into the import (a file of hundreds of MB is never held whole).
export async function POST(request: Request) {
  return withApi(request, (principal) => createDatasetResponse(getDb(), principal.project.id, request));
}

export async function GET(request: Request) {
  return withApi(request, (principal) => listDatasetsResponse(getDb(), principal.project.id, request));
}

export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');
